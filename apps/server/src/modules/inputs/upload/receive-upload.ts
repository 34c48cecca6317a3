import type { MultipartFile } from '@fastify/multipart';
import { INPUT_LIMITS, INPUT_MESSAGES } from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors';
import { refuseNul } from '../../../http/refuse-nul';

/** One file of at most INPUT_LIMITS.fileBytes and a few short fields (the name). */
export const INPUT_UPLOAD_LIMITS = {
  fileSize: INPUT_LIMITS.fileBytes,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
};

export type ReceivedUpload = {
  bytes: Buffer;
  /** As the browser sent it: used for the default name and to tell .md from .txt, never for the type. */
  fileName: string;
  fields: Record<string, string>;
};

const tooLarge = (): AppError => new AppError(413, 'too_large', INPUT_MESSAGES.fileTooLarge);

/** A failure of the multipart parser (or of the connection under it) as the answer the client reads. */
const uploadError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'too_large', 'The form has too many parts. Send one file and its name.');
  }
  return new AppError(
    400,
    'bad_request',
    'The upload is incomplete or is not a valid multipart/form-data form. Please try again.',
  );
};

/** The whole file in memory (it is at most 10 MB and must be looked at whole); 413 as soon as it is too big. */
const readWhole = async (file: MultipartFile): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    if (file.file.truncated) throw tooLarge();
    size += chunk.length;
    if (size > INPUT_LIMITS.fileBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (file.file.truncated) throw tooLarge();
  return Buffer.concat(chunks, size);
};

/**
 * Reads an input upload (multipart/form-data: `file`, optional `name`) the way the CSV import does
 * (modules/leads/upload.ts): the multipart limits cut an oversized file at once (413), a malformed or
 * cut-off body answers 400, never 500, and a refused upload drains the rest of the body so the answer
 * reaches the client. Nothing is written anywhere while the form arrives: the file is checked whole
 * afterwards and stored only once it is accepted, so an aborted upload leaves nothing behind.
 */
export const receiveInputUpload = async (request: FastifyRequest): Promise<ReceivedUpload> => {
  if (!request.isMultipart()) throw new AppError(400, 'validation_error', INPUT_MESSAGES.selectFile);
  const fields: Record<string, string> = {};
  let received: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        refuseNul(part.fieldname, 'a field name');
        refuseNul(part.value, part.fieldname);
        if (typeof part.value === 'string' && fields[part.fieldname] === undefined) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (received || !part.filename) {
        part.file.resume();
        continue;
      }
      if (part.filename.includes('\u0000')) {
        part.file.destroy();
        refuseNul(part.filename, 'file name');
      }
      try {
        received = { bytes: await readWhole(part), fileName: part.filename };
      } catch (error) {
        part.file.destroy();
        throw error;
      }
    }
  } catch (error) {
    // Refused before the body ended: read the rest into the void, so the answer reaches the client
    // and the connection serves its next request.
    request.raw.unpipe();
    request.raw.resume();
    throw uploadError(error);
  }
  if (!received) throw new AppError(400, 'validation_error', INPUT_MESSAGES.selectFile);
  if (received.bytes.length === 0) throw new AppError(400, 'validation_error', INPUT_MESSAGES.emptyFile);
  return { ...received, fields };
};

/** The name to show: the one typed, else the file's own name without folders, else "Untitled". */
export const inputNameOf = (typed: string | undefined, fileName: string): string => {
  if (typed) return typed;
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in a name
  const clean = base.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return clean.slice(0, INPUT_LIMITS.nameChars) || 'Untitled';
};
