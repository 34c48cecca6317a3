import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A sandbox's world on disk: one JSON file, `world.json` in the data directory, rewritten whole (a
 * temporary file renamed over the old one: a reader or a crash sees the old world or the new one, never
 * half of one). No fsync: a killed process loses nothing the operating system already has. What the
 * world holds, its version and how it is read back belong to each sandbox.
 */
export type KeptJson = {
  path: string;
  /**
   * The file's text and its parsed value, or null when there is none yet. A file that is no JSON was not
   * written by a sandbox (it only ever renames whole files in): it is kept aside, and null says a new
   * world begins.
   */
  read: (reviver?: (key: string, value: unknown) => unknown) => { text: string; value: unknown } | null;
  /** Replaces the file with `text`; a failed write (a full disk) throws and leaves the old file whole. */
  write: (text: string) => void;
};

const FILE = 'world.json';

export const keptJson = (dir: string): KeptJson => {
  const file = path.join(dir, FILE);
  return {
    path: file,
    read: (reviver) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        return { text, value: JSON.parse(text, reviver) as unknown };
      } catch {
        renameSync(file, `${file}.unreadable-${Date.now()}`);
        return null;
      }
    },
    write: (text) => {
      mkdirSync(dir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, text);
        renameSync(temporary, file);
      } catch (error) {
        // A full disk leaves no half-written temporary behind; the old world file stays whole.
        rmSync(temporary, { force: true });
        throw error;
      }
    },
  };
};
