import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SERVE_NODE_FLAGS } from '../../../server/scripts/serve-flags';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * The journeys run the server as `npm start` does: compiled to JavaScript (apps/server/scripts/build.ts),
 * which also starts seconds sooner than under tsx. Built afresh for each run from the current sources,
 * into a folder of the run's own (not apps/server/dist, which a running server may be using); its path
 * reaches the workers' servers (support/server-with-model.ts) through the environment.
 */
export const buildServerForRun = (): { dir: string; remove: () => Promise<void> } => {
  const dir = path.join(REPO_ROOT, 'apps/server/.tmp', `e2e-server-${randomBytes(4).toString('hex')}`);
  const built = spawnSync(process.execPath, ['apps/server/scripts/build.ts', dir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The server build failed:\n${built.stderr || built.stdout}`);
  process.env.E2E_SERVER_DIR = dir;
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
};

/** node's arguments and the environment that start the run's compiled server (from REPO_ROOT). */
export const compiledServer = (): { args: string[]; env: Record<string, string> } => {
  const dir = process.env.E2E_SERVER_DIR;
  if (!dir) throw new Error('No compiled server for this run: the global setup builds it');
  return {
    args: [...SERVE_NODE_FLAGS, path.join(dir, 'main.js')],
    // The build sits elsewhere than apps/server/dist, so the web app's build is named, not found beside it.
    env: { WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist') },
  };
};
