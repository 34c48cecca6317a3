import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { LEADS_MESSAGES, MAX_CSV_BYTES } from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { refuseNul } from '../../http/refuse-nul';
import { RecordCounter } from './csv/record-counter';
import { importsDirOf } from './import-jobs';

const badRequest = (message: string): AppError => new AppError(400, 'validation_error', message);
const tooLarge = (): AppError =>
  new AppError(
    413,
    'too_large',
    `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Please split it and import the parts.`,
  );

/** Multipart limits of the upload calls: one file of at most MAX_CSV_BYTES and a few short fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 20 };

/** A body that is not multipart/form-data as sent, or that ended before its closing boundary. */
const malformed = (): AppError =>
  new AppError(
    400,
    'bad_request',
    'The upload is incomplete or is not a valid multipart/form-data form. Please try again.',
  );

/** A failure of the multipart parser (or of the connection under it) as the answer the client reads. */
const uploadError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) {
    // Too many parts, files or fields: the form is not one our client sends.
    return new AppError(413, 'too_large', 'The form has too many parts. Send one file and the list name.');
  }
  return malformed();
};

/** The file's bytes; throws 413 as soon as the size limit cuts it, 400 when the body breaks off. */
async function* limited(file: MultipartFile['file']): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of file as AsyncIterable<Uint8Array>) {
      if (file.truncated) throw tooLarge();
      yield chunk;
    }
  } catch (error) {
    // Only the parser and the connection under it make the part's stream fail.
    throw uploadError(error);
  }
  if (file.truncated) throw tooLarge();
}

/** What the file's handler threw: the caller's own failure, passed on as it is. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Reads a multipart upload: the first file part goes to `onFile` as a byte stream while it arrives
 * (never buffered whole); the text fields are collected. Spec §5 messages for a missing or non-.csv file.
 * Any failure after `onFile` succeeded (a later part breaks off, a field holds U+0000) hands its result
 * to `discard` first, so a refused upload leaves nothing behind. A malformed or cut-off body answers 400,
 * an oversized one 413, never 500.
 */
export const receiveCsv = async <T>(
  request: FastifyRequest,
  onFile: (bytes: AsyncIterable<Uint8Array>, fileName: string) => Promise<T>,
  discard: (result: T) => Promise<void> = async () => undefined,
): Promise<{ result: T; fields: Record<string, string> }> => {
  if (!request.isMultipart()) throw badRequest(LEADS_MESSAGES.selectFile);
  const outcome: { result?: T; done: boolean } = { done: false };
  try {
    return await readParts(request, onFile, outcome);
  } catch (error) {
    if (outcome.done) await discard(outcome.result as T);
    // Refused before the body ended: read the rest into the void, so the answer reaches the client
    // and the connection serves its next request (a paused body would hold the socket forever).
    request.raw.unpipe();
    request.raw.resume();
    if (error instanceof HandlerFailure) throw error.error;
    throw uploadError(error);
  }
};

const readParts = async <T>(
  request: FastifyRequest,
  onFile: (bytes: AsyncIterable<Uint8Array>, fileName: string) => Promise<T>,
  outcome: { result?: T; done: boolean },
): Promise<{ result: T; fields: Record<string, string> }> => {
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
    if (!/\.csv$/i.test(part.filename.trim())) {
      part.file.destroy();
      throw badRequest(LEADS_MESSAGES.selectCsvFile);
    }
    try {
      outcome.result = await onFile(limited(part.file), part.filename);
      outcome.done = true;
    } catch (error) {
      // Stop reading the rest of a file that is refused already.
      part.file.destroy();
      throw new HandlerFailure(error);
    }
  }
  if (!outcome.done) throw badRequest(LEADS_MESSAGES.selectFile);
  return { result: outcome.result as T, fields };
};

export type SavedUpload = { filePath: string; fileName: string; rows: number };

/** Streams the upload into DATA_DIR/imports, counting its data rows on the way. */
export const saveUploadTo =
  (dataDir: string) =>
  async (bytes: AsyncIterable<Uint8Array>, fileName: string): Promise<SavedUpload> => {
    const dir = importsDirOf(dataDir);
    await mkdir(dir, { recursive: true });
    const filePath = path.join(dir, `${randomUUID()}.csv`);
    const counter = new RecordCounter();
    try {
      await pipeline(bytes, counter, createWriteStream(filePath, { mode: 0o600 }));
    } catch (error) {
      await rm(filePath, { force: true });
      throw error;
    }
    return {
      filePath,
      fileName: path.basename(fileName).slice(0, 255),
      rows: Math.max(0, counter.records - 1),
    };
  };
