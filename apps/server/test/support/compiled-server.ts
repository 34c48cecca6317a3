import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SERVE_NODE_FLAGS } from '../../scripts/serve-flags';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export type CompiledServer = {
  /** The folder the server was compiled into (under apps/server/.tmp). */
  dir: string;
  /** node's arguments that start `entry` (main.js, worker.js) of the build as `npm run serve` does. */
  args: (entry?: string) => string[];
  remove: () => Promise<void>;
};

/**
 * The server compiled as `npm start` runs it (scripts/build.ts, about a second), into a folder of this test's
 * own (apps/server/dist may be in use by a running server). A test that starts the server as a process more
 * than once starts it from here: plain node is up in a second or two, where tsx compiles every source file
 * again at each start (6 s on a quiet machine, over 20 s on a busy one).
 */
export const buildServer = (name: string): CompiledServer => {
  const dir = path.join(SERVER_DIR, '.tmp', `${name}-${randomBytes(4).toString('hex')}`);
  const built = spawnSync(process.execPath, [path.join(SERVER_DIR, 'scripts/build.ts'), dir], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The server build failed:\n${built.stderr || built.stdout}`);
  return {
    dir,
    args: (entry = 'main.js') => [...SERVE_NODE_FLAGS, path.join(dir, entry)],
    remove: () => rm(dir, { recursive: true, force: true }),
  };
};
