import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

// The part file a download writes into (`<target>.part`): its size, the hash of what it holds, appending
// a response body to it, and flushing it before the rename.

/** The part file's size, 0 when there is none. */
export const sizeOf = async (file: string): Promise<number> =>
  stat(file).then(
    (stats) => stats.size,
    () => 0,
  );

/**
 * Hashes the part file's first `bytes` bytes (what an earlier run left), telling the bytes hashed; the
 * signal stops it with the error `cancelled` makes.
 */
export const hashPart = async (
  part: string,
  bytes: number,
  signal: AbortSignal | undefined,
  onHashed: (done: number) => void,
  cancelled: () => Error,
): Promise<{ hash: Hash; hashed: number }> => {
  const hash = createHash('sha256');
  if (bytes === 0) return { hash, hashed: 0 };
  let done = 0;
  const reader = createReadStream(part, { start: 0, end: bytes - 1, highWaterMark: 1 << 20 });
  try {
    for await (const chunk of reader) {
      if (signal?.aborted) throw cancelled();
      hash.update(chunk as Buffer);
      done += (chunk as Buffer).length;
      onHashed(done);
    }
  } finally {
    reader.destroy();
  }
  return { hash, hashed: done };
};

/**
 * Writes a response body into the part file, telling each chunk only once it is written: the hash then
 * always covers exactly the bytes on disk, so a cut leaves nothing to hash again.
 */
export const writeBody = async (
  body: unknown,
  part: string,
  flags: 'w' | 'a',
  signal: AbortSignal | undefined,
  onWritten: (chunk: Buffer) => void,
): Promise<void> => {
  if (!body) throw new Error('the answer had no body');
  const handle: FileHandle = await open(part, flags);
  try {
    const sink = new Writable({
      highWaterMark: 1 << 20,
      write: (chunk: Buffer, _encoding, done) => {
        handle.write(chunk).then(
          () => {
            onWritten(chunk);
            done();
          },
          (error: Error) => done(error),
        );
      },
    });
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), sink, signal ? { signal } : {});
  } finally {
    await handle.close();
  }
};

/** Flushes the part file to the disk before the rename, so a power cut never leaves a renamed torn file. */
export const syncFile = async (file: string): Promise<void> => {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};
