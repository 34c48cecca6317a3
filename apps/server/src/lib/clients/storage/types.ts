import type { Readable } from 'node:stream';

/** What may be stored: bytes in memory, or a stream of them (read once). */
export type StorageBody = Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array>;

export type StoredObject = {
  /** The bytes, read as they are needed; the reader must consume or destroy it. */
  body: Readable;
  size: number;
};

/**
 * Where files live: uploads (modules/inputs) and, later, rendered images. Two implementations chosen
 * by configuration: a directory (DATA_DIR/files) and an S3-compatible bucket. Keys are always made by
 * the server (storageKey), never taken from a request, and checked again by every call (assertKey).
 * The type is recorded by the caller beside the key (the local directory keeps no metadata).
 */
export type Storage = {
  /** `local` or `s3`, for the log and the README's checks. */
  kind: 'local' | 's3';
  /** Writes the whole object or nothing: a reader never sees half a file. Replaces an existing key. */
  put(key: string, body: StorageBody, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};
