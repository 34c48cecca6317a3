import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { LEADS_MESSAGES, MAX_CSV_BYTES } from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { RecordCounter } from './csv/record-counter';

const badRequest = (message: string): AppError => new AppError(400, 'validation_error', message);
const tooLarge = (): AppError =>
  new AppError(
    413,
    'too_large',
    `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Please split it and import the parts.`,
  );

/** Multipart limits of the upload calls: one file of at most MAX_CSV_BYTES and a few short fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 20 };

/** The file's bytes; throws 413 as soon as the size limit cuts it. */
async function* limited(file: MultipartFile['file']): AsyncGenerator<Uint8Array> {
  for await (const chunk of file as AsyncIterable<Uint8Array>) {
    if (file.truncated) throw tooLarge();
    yield chunk;
  }
  if (file.truncated) throw tooLarge();
}

/**
 * Reads a multipart upload: the first file part goes to `onFile` as a byte stream while it arrives
 * (never buffered whole); the text fields are collected. Spec §5 messages for a missing or non-.csv file.
 */
export const receiveCsv = async <T>(
  request: FastifyRequest,
  onFile: (bytes: AsyncIterable<Uint8Array>, fileName: string) => Promise<T>,
): Promise<{ result: T; fields: Record<string, string> }> => {
  if (!request.isMultipart()) throw badRequest(LEADS_MESSAGES.selectFile);
  try {
    return await readParts(request, onFile);
  } catch (error) {
    // Refused before the body ended: read the rest into the void, so the answer reaches the client
    // and the connection serves its next request (a paused body would hold the socket forever).
    request.raw.unpipe();
    request.raw.resume();
    throw error;
  }
};

const readParts = async <T>(
  request: FastifyRequest,
  onFile: (bytes: AsyncIterable<Uint8Array>, fileName: string) => Promise<T>,
): Promise<{ result: T; fields: Record<string, string> }> => {
  const fields: Record<string, string> = {};
  let outcome: { result: T } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && fields[part.fieldname] === undefined) {
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (outcome || !part.filename) {
      part.file.resume();
      continue;
    }
    if (!/\.csv$/i.test(part.filename.trim())) {
      part.file.destroy();
      throw badRequest(LEADS_MESSAGES.selectCsvFile);
    }
    try {
      outcome = { result: await onFile(limited(part.file), part.filename) };
    } catch (error) {
      // Stop reading the rest of a file that is refused already.
      part.file.destroy();
      throw error;
    }
  }
  if (!outcome) throw badRequest(LEADS_MESSAGES.selectFile);
  return { result: outcome.result, fields };
};

export type SavedUpload = { filePath: string; fileName: string; rows: number };

/** Streams the upload into DATA_DIR/imports, counting its data rows on the way. */
export const saveUploadTo =
  (dataDir: string) =>
  async (bytes: AsyncIterable<Uint8Array>, fileName: string): Promise<SavedUpload> => {
    const dir = path.join(dataDir, 'imports');
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
