import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { DownloadError } from './download-errors';

/** Who holds a download's lock: written into `<file>.lock` so another process can name it. */
export type LockHolder = { pid: number; host: string; by: string; startedAt: string };

/**
 * Locks held by this process, by lock file: the file alone cannot tell this process's running download
 * from a lock an earlier download of the same process left behind.
 */
const heldHere = new Set<string>();

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const holderOf = async (lockPath: string): Promise<LockHolder | null> => {
  const text = await readFile(lockPath, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    return null;
  }
};

/**
 * A lock held by a process that still runs: another process on this machine, or this one while its own
 * download runs. A lock whose process is gone (killed mid-download) or that cannot be read is stale.
 */
const isLive = (lockPath: string, holder: LockHolder | null): holder is LockHolder => {
  if (!holder) return false;
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return heldHere.has(lockPath);
  return alive(holder.pid);
};

/** Says who runs the download that holds the lock, or null when none does (a stale lock is ignored). */
export const downloadLockHolder = async (target: string): Promise<LockHolder | null> => {
  const lockPath = `${target}.lock`;
  const holder = await holderOf(lockPath);
  return isLive(lockPath, holder) ? holder : null;
};

/**
 * Takes the lock on downloading `target` (`<target>.lock`, made with O_EXCL), so the server and
 * `npm run model:pull` never write the same part file at once; a stale lock is taken over. Throws a
 * `locked` DownloadError naming the holder. The returned function releases it.
 */
export const takeDownloadLock = async (target: string, by: string): Promise<() => Promise<void>> => {
  const lockPath = `${target}.lock`;
  const mine: LockHolder = { pid: process.pid, host: hostname(), by, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockPath, JSON.stringify(mine), { flag: 'wx' });
      heldHere.add(lockPath);
      return async () => {
        heldHere.delete(lockPath);
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await holderOf(lockPath);
      if (isLive(lockPath, holder)) {
        throw new DownloadError(
          'locked',
          `The model is already being downloaded by ${holder.by} (process ${holder.pid} on ${holder.host}, since ${holder.startedAt}).`,
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new DownloadError('locked', 'The download lock could not be taken; try again.');
};
