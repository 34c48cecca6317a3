import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Embedded PostgreSQL is single-process: a second server on the same DATA_DIR would corrupt it.
 * The lock file names the holder's pid; a lock left by a dead process is taken over.
 */
/** Directories this process holds: a second open from the same process is refused too. */
const heldHere = new Set<string>();

export const lockDataDir = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      const ours = holder === process.pid;
      if (Number.isInteger(holder) && ((ours && heldHere.has(file)) || (!ours && isAlive(holder)))) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another Sales Assist process (pid ${holder}). ` +
            'Stop it first, or start this one with another DATA_DIR, or use PostgreSQL via DATABASE_URL to run several processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}`);
};
