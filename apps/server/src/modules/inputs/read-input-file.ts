import type { Readable } from 'node:stream';
import { INPUT_MESSAGES } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { findOwnInput } from './find-input';

export type InputFileVariant = 'image' | 'thumbnail' | 'file';

export type InputFile = { body: Readable; size: number; contentType: string; fileName: string };

const EXTENSIONS: Record<string, string> = {
  'text/plain': 'txt',
  'text/markdown': 'md',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** A file name safe in a Content-Disposition header: the input's name in plain characters. */
const downloadName = (name: string, mime: string, variant: InputFileVariant): string => {
  const base =
    name
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '_')
      .trim()
      .slice(0, 100) || 'input';
  return variant === 'thumbnail' ? `${base}-thumbnail.webp` : `${base}.${EXTENSIONS[mime] ?? 'bin'}`;
};

/**
 * One of the caller's stored files: an image or its thumbnail, or any upload's original. 404 for
 * another user's input, for a variant the input has not got (a pasted text, the image of a text) and
 * for a file gone from storage.
 */
export const readInputFile = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  id: number,
  variant: InputFileVariant,
): Promise<InputFile> => {
  const input = await findOwnInput(deps.db, userId, id);
  if (variant !== 'file' && input.kind !== 'image') throw notFound(INPUT_MESSAGES.notAnImageInput);
  const key = variant === 'thumbnail' ? input.thumbKey : input.storageKey;
  const stored = key ? await deps.storage.get(key) : null;
  if (!stored) throw notFound(INPUT_MESSAGES.inputNotFound);
  return {
    ...stored,
    contentType: variant === 'thumbnail' ? 'image/webp' : input.mime,
    fileName: downloadName(input.name, input.mime, variant),
  };
};
