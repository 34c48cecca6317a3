import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledServer } from './compiled-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, e2eEnv } from './e2e-env';
import { freePort } from './free-port';
import { freshDatabaseUrl } from './fresh-database';
import { REPO_ROOT, stopServer, waitForHealth } from './global-setup';

export type TOwnServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * A server of a journey's own, started as the global setup starts the shared one (the run's compiled
 * server, a fresh data directory and database, the shared little website allowed), with `env` on top:
 * for a journey that needs another setting than the others (an AI endpoint, shorter campaign days).
 */
export const startOwnServer = async (name: string, env: Record<string, string>): Promise<TOwnServer> => {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `sales-assist-e2e-${name}-`));
  const database = await freshDatabaseUrl(process.env.DATABASE_URL);
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const compiled = compiledServer();
  const server = spawn(process.execPath, compiled.args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...compiled.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      // The shared journeys' little website, for the website step of an account.
      SAFE_FETCH_ALLOWLIST: new URL(e2eEnv().siteUrl).host,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const stop = async () => {
    await stopServer(server);
    log.end();
    await database.drop();
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
};

/**
 * Points the journeys of a file at `server` (the fixtures, the outbox and the account helpers read it from
 * the environment) and answers how to point them back at the shared one.
 */
export const serveJourneysFrom = (server: TOwnServer): (() => void) => {
  const shared = { baseUrl: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR };
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => {
    process.env.E2E_BASE_URL = shared.baseUrl;
    process.env.E2E_DATA_DIR = shared.dataDir;
  };
};
