import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLinkedInSandbox } from '@sales-assist/linkedin-sandbox';
import { giveMetaAnApp, startPlatformSandbox } from '@sales-assist/platform-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVE_NODE_FLAGS } from '../scripts/serve-flags';
import { freePort } from './support/free-port';
import { newServerDatabase } from './support/test-database';

/**
 * What `npm start`, `npm run serve` and `npm run worker` run: the server compiled to JavaScript by
 * scripts/build.ts, started with plain node. Built into a folder of this run's own (the build of
 * apps/server/dist may be in use by a running server), on a fresh data directory, so the migrations, the
 * worker threads' files and the sandboxes are all found from the compiled output.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const outDir = path.join(SERVER_DIR, '.tmp', `compiled-${randomBytes(4).toString('hex')}`);
const START_TIMEOUT_MS = 90_000;

let dataDir: string;
let databaseUrl = '';
let dropDatabase = async (): Promise<void> => undefined;

beforeAll(async () => {
  const built = spawnSync(process.execPath, [path.join(SERVER_DIR, 'scripts/build.ts'), outDir], {
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-compiled-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await newServerDatabase(serverUrl, 'sa_compiled');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
}, 120_000);

afterAll(async () => {
  await dropDatabase();
  await rm(outDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Started = { child: ChildProcess; output: () => string };

const start = (entry: string, env: Record<string, string>): Started => {
  let output = '';
  const child = spawn(process.execPath, [...SERVE_NODE_FLAGS, path.join(outDir, entry)], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      // info: the stall watchdog then starts its worker thread from the compiled output as well.
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
};

const waitFor = async (what: string, started: Started, done: () => Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) break;
    if (await done().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen; the process wrote:\n${started.output().slice(-4000)}`);
};

const stop = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('the compiled server', () => {
  it('is plain JavaScript with source maps and the files it opens at run time', () => {
    for (const file of [
      'main.js',
      'main.js.map',
      'worker.js',
      'migrations/meta/_journal.json',
      'stall-watch-worker.mjs',
      'extract-worker.mjs',
    ]) {
      expect(existsSync(path.join(outDir, file)), file).toBe(true);
    }
  });

  it('starts on a fresh data directory, answers /api/health, and stops cleanly', async () => {
    const port = await freePort();
    const server = start('main.js', { PORT: String(port), HOST: '127.0.0.1' });
    let exitCode: number | null = null;
    try {
      await waitFor('GET /api/health → 200', server, async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        return response.status === 200;
      });
      const me = await fetch(`http://127.0.0.1:${port}/api/me`);
      expect(me.status).toBe(401);
      expect(await me.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    } finally {
      exitCode = await stop(server.child);
    }
    expect(exitCode).toBe(0);
    expect(server.output()).not.toMatch(/ERR_MODULE_NOT_FOUND|ENOENT/);
  }, 120_000);

  it('runs as a worker process (npm run worker) beside it on PostgreSQL, and refuses PGlite in words', async () => {
    if (!databaseUrl) {
      // The embedded database belongs to one process: the compiled worker says so and stops.
      const refused = start('worker.js', {});
      expect(await new Promise((resolve) => refused.child.once('exit', resolve))).toBe(1);
      expect(refused.output()).toContain('PROCESS_ROLE=worker needs DATABASE_URL');
      return;
    }
    // Processes of several roles share the sandboxes through servers of their own.
    const linkedin = await startLinkedInSandbox({ port: 0 });
    const platforms = await startPlatformSandbox({ port: 0 });
    giveMetaAnApp(platforms);
    const worker = start('worker.js', {
      LINKEDIN_BASE_URL: linkedin.url,
      LINKEDIN_SANDBOX: 'true',
      PLATFORM_SANDBOX_URL: platforms.url,
    });
    let exitCode: number | null = null;
    try {
      await waitFor('"worker ready" in the log', worker, async () =>
        worker.output().includes('worker ready'),
      );
    } finally {
      exitCode = await stop(worker.child);
      await linkedin.close();
      await platforms.close();
    }
    expect(exitCode).toBe(0);
  }, 120_000);
});
