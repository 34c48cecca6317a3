import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { refuseNul } from './refuse-nul';

/** The caller's own words for the refusals that depend on what it accepts. */
export type MultipartMessages = {
  /** 400 validation_error: the body is not a form, or the form holds no file. */
  missingFile: string;
  /** 413 too_large: the multipart fileSize limit cut the file. */
  tooLarge: string;
  /** 413 too_large: more parts, files or fields than the multipart limits allow. */
  tooManyParts: string;
};

/**
 * Takes the file's bytes while they arrive. What it throws reaches the client as it is (an AppError
 * of its own, or a failure of its storage); the bytes themselves only ever fail with an AppError.
 */
export type FileHandler<T> = (bytes: AsyncIterable<Uint8Array>, fileName: string) => Promise<T>;

export type ReceivedMultipart<T> = { result: T; fields: Record<string, string> };

/** A body that is not multipart/form-data as sent, or that ended before its closing boundary. */
const malformed = (): AppError =>
  new AppError(
    400,
    'bad_request',
    'The upload is incomplete or is not a valid multipart/form-data form. Please try again.',
  );

/** A failure of the multipart parser (or of the connection under it) as the answer the client reads. */
const uploadError = (error: unknown, messages: MultipartMessages): AppError => {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'too_large', messages.tooLarge);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    // The form is not one our client sends.
    return new AppError(413, 'too_large', messages.tooManyParts);
  }
  return malformed();
};

/** The file's bytes; throws 413 as soon as the size limit cuts it, 400 when the body breaks off. */
async function* limited(
  file: MultipartFile['file'],
  messages: MultipartMessages,
): AsyncGenerator<Uint8Array> {
  const tooLarge = () => new AppError(413, 'too_large', messages.tooLarge);
  try {
    for await (const chunk of file as AsyncIterable<Uint8Array>) {
      if (file.truncated) throw tooLarge();
      yield chunk;
    }
  } catch (error) {
    // Only the parser and the connection under it make the part's stream fail.
    throw uploadError(error, messages);
  }
  if (file.truncated) throw tooLarge();
}

/** What the file's handler threw: the caller's own failure, passed on as it is. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Reads a multipart/form-data upload under the limits the module registered @fastify/multipart with:
 * the first named file part goes to `onFile` as a byte stream while it arrives (nothing is buffered
 * here; a handler that needs the file whole reads it whole itself), later file parts are skipped, and
 * the text fields are collected (the first value of each name). Any field, field name or file name
 * holding U+0000 is refused (400). A malformed or cut-off body answers 400, a file cut by the size
 * limit or a form with too many parts 413, never 500. Any failure after `onFile` succeeded (a later
 * part breaks off, a field holds U+0000) hands its result to `discard` first, so a refused upload
 * leaves nothing behind. A refusal drains the rest of the body, so the answer reaches the client.
 */
export const receiveMultipart = async <T>(
  request: FastifyRequest,
  messages: MultipartMessages,
  onFile: FileHandler<T>,
  discard: (result: T) => Promise<void> = async () => undefined,
): Promise<ReceivedMultipart<T>> => {
  if (!request.isMultipart()) throw new AppError(400, 'validation_error', messages.missingFile);
  const outcome: { result?: T; done: boolean } = { done: false };
  try {
    return await readParts(request, messages, onFile, outcome);
  } catch (error) {
    if (outcome.done) await discard(outcome.result as T);
    // Refused before the body ended: read the rest into the void, so the answer reaches the client
    // and the connection serves its next request (a paused body would hold the socket forever).
    request.raw.unpipe();
    request.raw.resume();
    if (error instanceof HandlerFailure) throw error.error;
    throw uploadError(error, messages);
  }
};

const readParts = async <T>(
  request: FastifyRequest,
  messages: MultipartMessages,
  onFile: FileHandler<T>,
  outcome: { result?: T; done: boolean },
): Promise<ReceivedMultipart<T>> => {
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      refuseNul(part.fieldname, 'a field name');
      refuseNul(part.value, part.fieldname);
      if (typeof part.value === 'string' && fields[part.fieldname] === undefined) {
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (outcome.done || !part.filename) {
      part.file.resume();
      continue;
    }
    if (part.filename.includes('\u0000')) {
      part.file.destroy();
      refuseNul(part.filename, 'file name');
    }
    try {
      outcome.result = await onFile(limited(part.file, messages), part.filename);
      outcome.done = true;
    } catch (error) {
      // Stop reading the rest of a file that is refused already.
      part.file.destroy();
      throw new HandlerFailure(error);
    }
  }
  if (!outcome.done) throw new AppError(400, 'validation_error', messages.missingFile);
  return { result: outcome.result as T, fields };
};

/**
 * A file handler that keeps the whole file in memory (for files that must be looked at whole and are
 * small enough to: Inputs, design assets), 413 with `tooLarge` as soon as it passes `maxBytes`.
 */
export const wholeFile =
  (maxBytes: number, tooLarge: string): FileHandler<{ bytes: Buffer; fileName: string }> =>
  async (bytes, fileName) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of bytes) {
      size += chunk.length;
      if (size > maxBytes) throw new AppError(413, 'too_large', tooLarge);
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks, size), fileName };
  };

/**
 * A sent file's name as a name to show: without the folders some browsers send, control characters and
 * surrounding spaces, at most `maxChars`; "Untitled" when nothing is left.
 */
export const shownFileName = (fileName: string, maxChars: number): string => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in a name
  const clean = base.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return clean.slice(0, maxChars) || 'Untitled';
};
