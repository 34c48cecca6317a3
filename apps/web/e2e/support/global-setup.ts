import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { standInHunterEnv, startHunterStandIn } from '@sales-assist/stand-ins/hunter';
import { buildServerForRun, compiledServer } from './compiled-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './e2e-env';
import { freePort } from './free-port';
import { freshDatabaseUrl } from './fresh-database';
import { startTestWebsite } from './test-website';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const HEALTH_TIMEOUT_MS = 90_000;

export const waitForHealth = async (
  baseUrl: string,
  server: ChildProcess,
  logFile: string,
): Promise<void> => {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';
  throw new Error(`The server did not answer GET /api/health with 200.\n${log}`);
};

export const stopServer = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/**
 * Starts what a user would start: the real server (serving the built SPA) on a free port with a
 * fresh DATA_DIR, plus a tiny local website for the scan. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // First: a build that fails leaves nothing started behind.
  const build = buildServerForRun();
  const [port, sitePort] = [await freePort(), await freePort()];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-e2e-'));
  const site = await startTestWebsite(sitePort);
  // Find Email looks e-mails up through Hunter's API: its stand-in answers for every journey.
  const hunter = await startHunterStandIn();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const database = await freshDatabaseUrl(process.env.DATABASE_URL);
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
      SAFE_FETCH_ALLOWLIST: `127.0.0.1:${sitePort}`,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Journeys each send their own X-Forwarded-For (support/fixtures.ts), as different people would.
      TRUST_PROXY: 'true',
      // 4 s: the analytics journey reads its page and the figures between the invitations it counts (day 21)
      // and the first acceptance read 7 days (withdraw-after) later; at 2 s that gap was too short. The
      // engagement journey, which waits for day 35 and reads no figure in between, has a server with 1-second
      // days of its own (support/own-server.ts).
      OUTREACH_DAY_SECONDS: '4',
      OUTREACH_SWEEP_SECONDS: '1',
      ...standInHunterEnv(hunter),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const teardown = async () => {
    await stopServer(server);
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await hunter.close();
    log.end();
    await database.drop();
    await build.remove();
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, logFile);
  } catch (error) {
    await teardown();
    throw error;
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SITE_URL = `http://127.0.0.1:${sitePort}/`;
  return teardown;
}
