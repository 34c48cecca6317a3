import { statfs } from 'node:fs/promises';
import path from 'node:path';

/** How much room a file system has left; injected (AppDeps.disk) so a test can say "3 MB free". */
export type DiskSpace = {
  /** Bytes an unprivileged process may still write on the file system holding `dir`. */
  freeBytes(dir: string): Promise<number>;
};

/** `statfs` of the nearest existing folder (DATA_DIR's subfolders are made on first use). */
export const systemDiskSpace: DiskSpace = {
  freeBytes: async (dir) => {
    let folder = path.resolve(dir);
    for (;;) {
      try {
        const stats = await statfs(folder);
        return stats.bavail * stats.bsize;
      } catch (error) {
        const parent = path.dirname(folder);
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === folder) throw error;
        folder = parent;
      }
    }
  },
};

/**
 * What a large write must leave free: the embedded database, its write-ahead log and the job queue live on
 * the same disk, and a database that meets a full disk mid-statement is far worse off than a refused upload.
 */
export const FREE_SPACE_MARGIN_BYTES = 64 * 1024 * 1024;

export const DISK_FULL_MESSAGE =
  "The server's disk is full, so the file was not saved. Nothing was changed; ask your administrator to free space.";

/** A write refused before it began, for want of room; carries ENOSPC so it is told apart like the real one. */
export class DiskFullError extends Error {
  readonly code = 'ENOSPC';
  constructor(
    readonly freeBytes: number,
    readonly neededBytes: number,
  ) {
    super(`Not enough free disk space: ${freeBytes} bytes free, ${neededBytes} needed with the margin`);
  }
}

/** ENOSPC (disk full), EDQUOT (quota spent), and PostgreSQL's disk_full (53100), here or in any `cause`. */
export const isDiskFull = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Refuses (DiskFullError) a write of `bytes` into `dir` that would leave less than the margin or the file's
 * own size free, whichever is larger. A file system that cannot be measured lets the write go on: the
 * write itself then reports a full disk as ENOSPC.
 */
export const ensureFreeSpace = async (disk: DiskSpace, dir: string, bytes: number): Promise<void> => {
  const free = await disk.freeBytes(dir).catch(() => null);
  if (free === null) return;
  const needed = bytes + Math.max(FREE_SPACE_MARGIN_BYTES, bytes);
  if (free < needed) throw new DiskFullError(free, needed);
};
