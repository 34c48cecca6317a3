import { INPUT_LIMITS, INPUT_MESSAGES, ZInputUploadForm } from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors';
import {
  type MultipartMessages,
  receiveMultipart,
  shownFileName,
  wholeFile,
} from '../../../http/receive-multipart';
import type { UploadForm } from '../../../http/upload-form';

/** One file of at most INPUT_LIMITS.fileBytes and a few short fields (the name). */
export const INPUT_UPLOAD_LIMITS = {
  fileSize: INPUT_LIMITS.fileBytes,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
};

/** The forms of the two uploads: the file (recognised by its content) and an optional name. */
export const TEXT_UPLOAD_FORM: UploadForm = {
  file: { name: 'file', description: 'A text: .txt, .md, .pdf or .docx', maxBytes: INPUT_LIMITS.fileBytes },
  fields: ZInputUploadForm,
};
export const IMAGE_UPLOAD_FORM: UploadForm = {
  file: { name: 'file', description: 'An image: PNG, JPEG or WebP', maxBytes: INPUT_LIMITS.fileBytes },
  fields: ZInputUploadForm,
};

export type ReceivedUpload = {
  bytes: Buffer;
  /** As the browser sent it: used for the default name and to tell .md from .txt, never for the type. */
  fileName: string;
  fields: Record<string, string>;
};

const UPLOAD_MESSAGES: MultipartMessages = {
  missingFile: INPUT_MESSAGES.selectFile,
  tooLarge: INPUT_MESSAGES.fileTooLarge,
  tooManyParts: 'The form has too many parts. Send one file and its name.',
};

/**
 * Reads an input upload (multipart/form-data: `file`, optional `name`) the way the CSV import does
 * (http/receive-multipart.ts): the multipart limits cut an oversized file at once (413), a malformed or
 * cut-off body answers 400, never 500, and a refused upload drains the rest of the body so the answer
 * reaches the client. Nothing is written anywhere while the form arrives: the file is checked whole
 * afterwards and stored only once it is accepted, so an aborted upload leaves nothing behind.
 */
export const receiveInputUpload = async (request: FastifyRequest): Promise<ReceivedUpload> => {
  const { result, fields } = await receiveMultipart(
    request,
    UPLOAD_MESSAGES,
    // The whole file in memory: it is at most 10 MB and must be looked at whole.
    wholeFile(INPUT_LIMITS.fileBytes, INPUT_MESSAGES.fileTooLarge),
  );
  if (result.bytes.length === 0) throw new AppError(400, 'validation_error', INPUT_MESSAGES.emptyFile);
  return { ...result, fields };
};

/** The name to show: the one typed, else the file's own name without folders, else "Untitled". */
export const inputNameOf = (typed: string | undefined, fileName: string): string =>
  typed || shownFileName(fileName, INPUT_LIMITS.nameChars);
