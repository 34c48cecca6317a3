import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LEADS_MESSAGES, MAX_CSV_BYTES } from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import {
  type FileHandler,
  type MultipartMessages,
  type ReceivedMultipart,
  receiveMultipart,
} from '../../http/receive-multipart';
import { RecordCounter } from './csv/record-counter';
import { importsDirOf } from './import-jobs';

/** Multipart limits of the upload calls: one file of at most MAX_CSV_BYTES and a few short fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 20 };

const CSV_MESSAGES: MultipartMessages = {
  missingFile: LEADS_MESSAGES.selectFile,
  tooLarge: `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Please split it and import the parts.`,
  tooManyParts: 'The form has too many parts. Send one file and the list name.',
};

/**
 * Reads a CSV upload (http/receive-multipart.ts): the file goes to `onFile` as a byte stream while it
 * arrives, never buffered whole; a file not named .csv is refused before any byte is read (spec §5).
 * `discard` undoes `onFile`'s result when a later part of the form is refused.
 */
export const receiveCsv = <T>(
  request: FastifyRequest,
  onFile: FileHandler<T>,
  discard?: (result: T) => Promise<void>,
): Promise<ReceivedMultipart<T>> =>
  receiveMultipart(
    request,
    CSV_MESSAGES,
    async (bytes, fileName) => {
      if (!/\.csv$/i.test(fileName.trim())) {
        throw new AppError(400, 'validation_error', LEADS_MESSAGES.selectCsvFile);
      }
      return onFile(bytes, fileName);
    },
    discard,
  );

export type SavedUpload = {
  filePath: string;
  fileName: string;
  /** Records in the file, the header (and any lines above it, like LinkedIn's notes) included. */
  records: number;
};

/** Streams the upload into DATA_DIR/imports, counting its records on the way. */
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
      records: counter.records,
    };
  };
