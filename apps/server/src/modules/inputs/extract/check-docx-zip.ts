import { INPUT_MESSAGES } from '@sales-assist/contract';
import yauzl from 'yauzl';
import { AppError } from '../../../http/errors';

/** What a .docx may unpack to before any parser opens it. */
export const DOCX_ZIP_LIMITS = {
  entries: 2_000,
  /** All its parts together, uncompressed. */
  totalBytes: 100 * 1024 * 1024,
  /** A part larger than `ratioFloorBytes` may be at most this many times its compressed size. */
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
};

const unsafe = (): AppError => new AppError(422, 'unsafe_file', INPUT_MESSAGES.unsafeDocument);
const unreadable = (): AppError => new AppError(422, 'unreadable_file', INPUT_MESSAGES.unreadable);

const openZip = (bytes: Buffer): Promise<yauzl.ZipFile> =>
  new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(unreadable()) : resolve(zip),
    ),
  );

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> =>
  new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(unreadable()) : resolve(stream))),
  );

/**
 * Refuses a .docx (a zip) that would unpack to far more than its size, before any parser opens it:
 * too many parts, parts whose declared size is too large or too far above their compressed size, or
 * (the declared sizes can lie) parts that inflate to more than they declare, which is found by
 * inflating each part into the void with the running total capped. Nothing is kept in memory.
 */
export const checkDocxZip = async (bytes: Buffer, limits = DOCX_ZIP_LIMITS): Promise<void> => {
  const zip = await openZip(bytes);
  try {
    let entries = 0;
    let declared = 0;
    let inflated = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: unknown) => reject(error instanceof AppError ? error : unreadable()));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        declared += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          entries > limits.entries ||
          declared > limits.totalBytes ||
          (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.ratio)
        ) {
          reject(unsafe());
          return;
        }
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        openEntry(zip, entry)
          .then((stream) => {
            stream.on('data', (chunk: Buffer) => {
              inflated += chunk.length;
              if (inflated > limits.totalBytes) {
                (stream as NodeJS.ReadableStream & { destroy: () => void }).destroy();
                reject(unsafe());
              }
            });
            // yauzl fails the stream when a part inflates to more (or less) than it declared.
            stream.on('error', (error: Error) =>
              reject(/too many bytes|too few bytes/.test(error.message) ? unsafe() : unreadable()),
            );
            stream.on('end', () => zip.readEntry());
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
};
