import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LEADS_MESSAGES, MAX_CSV_BYTES, ZSaveLeadsForm } from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import {
  type FileHandler,
  type MultipartMessages,
  type ReceivedMultipart,
  receiveMultipart,
} from '../../http/receive-multipart';
import type { UploadForm } from '../../http/upload-form';
import { type DiskSpace, ensureFreeSpace } from '../../lib/core/faults/disk-space';
import { RecordCounter } from './csv/record-counter';
import { importsDirOf } from './import-jobs';

/** Multipart limits of the upload calls: one file of at most MAX_CSV_BYTES and a few short fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 20 };

const CSV_FILE = {
  name: 'file',
  description:
    "A .csv file with a LinkedIn profile URL column (LinkedIn's Connections.csv and Excel's files as they are)",
  maxBytes: MAX_CSV_BYTES,
};
/** The forms of verify_upload (the file alone) and save_leads (the file and the list's name). */
export const VERIFY_UPLOAD_FORM: UploadForm = { file: CSV_FILE };
export const SAVE_LEADS_FORM: UploadForm = { file: CSV_FILE, fields: ZSaveLeadsForm };

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
  /** The file's size. */
  bytes: number;
};

/**
 * The embedded database's growth per byte of CSV, about: the staged rows, the leads, their indexes and
 * the write-ahead log each hold the file's text once more.
 */
const IMPORT_BYTES_PER_FILE_BYTE = 4;

/**
 * Refuses (507) an import the embedded database's disk has no room for, before anything is written to it.
 * On PostgreSQL the database's disk is the server's: a full one fails the import with its own reason.
 */
export const ensureImportSpace = (
  deps: { disk: DiskSpace; config: { dataDir: string; databaseUrl: string | undefined } },
  upload: SavedUpload,
): Promise<void> =>
  deps.config.databaseUrl
    ? Promise.resolve()
    : ensureFreeSpace(deps.disk, deps.config.dataDir, upload.bytes * IMPORT_BYTES_PER_FILE_BYTE);

/**
 * Streams the upload into DATA_DIR/imports, counting its records on the way. `expectedBytes` (the request's
 * length) must fit with the free-space margin before the first byte is written (507 otherwise); a disk that
 * fills meanwhile fails the write with ENOSPC (507 too), and the part written is removed.
 */
export const saveUploadTo =
  (dataDir: string, disk: DiskSpace, expectedBytes: number) =>
  async (bytes: AsyncIterable<Uint8Array>, fileName: string): Promise<SavedUpload> => {
    const dir = importsDirOf(dataDir);
    await mkdir(dir, { recursive: true });
    await ensureFreeSpace(disk, dir, expectedBytes);
    const filePath = path.join(dir, `${randomUUID()}.csv`);
    const counter = new RecordCounter();
    const file = createWriteStream(filePath, { mode: 0o600 });
    try {
      await pipeline(bytes, counter, file);
    } catch (error) {
      await rm(filePath, { force: true });
      throw error;
    }
    return {
      filePath,
      fileName: path.basename(fileName).slice(0, 255),
      records: counter.records,
      bytes: file.bytesWritten,
    };
  };
