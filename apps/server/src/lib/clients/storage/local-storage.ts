import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type DiskSpace, ensureFreeSpace } from '../../core/faults/disk-space';
import { assertKey, InvalidStorageKey } from './storage-key';
import type { Storage, StorageBody, StoredObject } from './types';

/** Files being written wait here; no key can name it (keys start with a letter or a digit). */
const TEMP_DIR = '.tmp';
/** A temporary file this old was left by a process that stopped mid-write. */
const STALE_TEMP_MS = 60 * 60 * 1000;

const isMissing = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' ||
  (error as NodeJS.ErrnoException | null)?.code === 'ENOTDIR';

const removeStaleTemps = async (tempDir: string, now: number): Promise<void> => {
  const names = await readdir(tempDir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(tempDir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
    }),
  );
};

/**
 * Files under `root` (DATA_DIR/files). A write goes to a temporary file in the same directory tree,
 * flushed to disk, then renamed over the key's path: the rename is atomic, so a reader (or a crash)
 * sees the old object, the new one, or none, never a half-written file. Every key is checked
 * (assertKey) and its path must stay inside `root` even after resolution. With `disk`, a write that would
 * leave the file system too full is refused before its first byte (DiskFullError, answered 507).
 */
export const createLocalStorage = (root: string, disk?: DiskSpace): Storage => {
  const base = path.resolve(root);
  const tempDir = path.join(base, TEMP_DIR);
  // Tidying is best effort; a directory that cannot be made fails the first write, not the start.
  const ready = mkdir(tempDir, { recursive: true, mode: 0o700 }).then(() =>
    removeStaleTemps(tempDir, Date.now()).catch(() => undefined),
  );
  ready.catch(() => undefined);

  const pathOf = (key: string): string => {
    assertKey(key);
    const full = path.resolve(base, ...key.split('/'));
    if (!full.startsWith(base + path.sep)) throw new InvalidStorageKey(key);
    return full;
  };

  const writeTemp = async (temp: string, body: StorageBody): Promise<void> => {
    if (body instanceof Uint8Array) {
      await writeFile(temp, body, { mode: 0o600, flag: 'wx', flush: true });
      return;
    }
    const source = body instanceof Readable ? body : Readable.from(body);
    await pipeline(source, createWriteStream(temp, { mode: 0o600, flags: 'wx', flush: true }));
  };

  return {
    kind: 'local',

    put: async (key, body) => {
      const target = pathOf(key);
      await ready;
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // A stream's size is unknown until it ends: then only the margin is checked.
      if (disk) await ensureFreeSpace(disk, base, body instanceof Uint8Array ? body.byteLength : 0);
      const temp = path.join(tempDir, randomUUID());
      try {
        await writeTemp(temp, body);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    get: async (key): Promise<StoredObject | null> => {
      const target = pathOf(key);
      // Opened before it is measured, so a delete in between cannot turn the answer into an error.
      const handle = await open(target, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream({ autoClose: true }), size: info.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    delete: async (key) => {
      await rm(pathOf(key), { force: true });
    },

    exists: async (key) => {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return info?.isFile() ?? false;
    },
  };
};
