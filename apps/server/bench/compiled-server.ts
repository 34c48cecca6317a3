import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { SERVE_NODE_FLAGS } from '../scripts/serve-flags';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
/** The secrets every bench's server process starts with (bench data only, never a real account's). */
export const BENCH_SECRETS = {
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  VAULT_KEY: '1'.repeat(64),
};

/**
 * The server compiled from the current sources (scripts/build.ts), as `npm run serve` runs it, into a
 * folder of the bench's own: apps/server/dist may be in use, or older than the sources.
 */
export const buildCompiledServer = (): { main: string; remove: () => Promise<void> } => {
  const dir = path.join(SERVER_DIR, '.tmp', `bench-server-${randomBytes(4).toString('hex')}`);
  const built = spawnSync(process.execPath, [path.join(SERVER_DIR, 'scripts/build.ts'), dir], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The server build failed:\n${built.stderr || built.stdout}`);
  return { main: path.join(dir, 'main.js'), remove: () => rm(dir, { recursive: true, force: true }) };
};

/** How node starts the server: compiled (`npm run serve`) or from TypeScript under tsx (`npm run dev`). */
export const serverArgs = (how: { compiled: string } | 'tsx'): string[] =>
  how === 'tsx'
    ? ['--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')]
    : [...SERVE_NODE_FLAGS, how.compiled];

export const startServerProcess = (args: string[], env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_DIST_DIR, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

const healthStatus = (port: number): Promise<number> =>
  new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });

/** Polls /api/health every 20 ms until it answers 200; answers how long that took from `since`. */
export const untilHealthy = async (child: ChildProcess, port: number, since: number): Promise<number> => {
  const deadline = since + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it answered`);
    if ((await healthStatus(port)) === 200) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The server did not answer /api/health with 200 within 120 s');
};

/** SIGTERM (a clean stop) or SIGKILL (a crash), and waits until the process is gone. */
export const stopServerProcess = (child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
