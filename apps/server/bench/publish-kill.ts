/**
 * Publishing bench with a kill in the middle (part of `npm run bench -- publish`): N posts due in one
 * minute across sandbox accounts, published by real server processes (children of this one, as `npm start`
 * runs them) against a platform sandbox started here, apart from them. Once 20–70 % of the posts are on the
 * platforms (3 s after the minute at the latest) the publishing process is killed with SIGKILL:
 * - embedded PGlite: restarted at once (one process may use DATA_DIR); goal: every post settled within
 *   60 s of the restart;
 * - PostgreSQL: a second process lives throughout and finishes the work; goal: every post settled within
 *   60 s of the death.
 * Either way 0 duplicates on the platforms. Prints posts published, duplicates, p95 and max lateness after
 * the minute, and how long after the restart (or death) the last post settled.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { giveMetaAnApp, startPlatformSandbox } from '@sales-assist/platform-sandbox';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/open-database';
import { loadConfig } from '../src/env';
import { startServices } from '../src/start-services';
import { freePort } from '../test/support/free-port';
import {
  connectAccounts,
  POSTS_PER_ACCOUNT,
  percentile,
  postsOnPlatforms,
  scheduleAll,
  seconds,
  sleep,
  writeContent,
} from './publish-seed';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ACCOUNTS = { linkedin: 50, wordpress: 50 };
const GOAL_SETTLED_MS = 60_000;
/** How long after the restart (or death) to wait for the last post before reporting what is left. */
const GIVE_UP_MS = 3 * 60_000;
/** Time to schedule everything and start the publishing processes before the minute begins. */
const LEAD_MS = 50_000;

type Server = { child: ChildProcess; output: () => string; port: number };

/** `npm start` in a child process (role `all`, as a single install runs), ready once it answers health. */
const startServer = async (env: Record<string, string>): Promise<Server> => {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return { child, output: () => output, port };
    await sleep(200);
  }
};

const stopServer = async (server: Server, signal: NodeJS.Signals): Promise<void> => {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

type Row = {
  status: string;
  platform: string;
  published_at: string | Date | null;
  updated_at: string | Date;
  failure_reason: string | null;
};

/** One run on one database ('' : embedded PGlite). */
export const runPublishKillBenchOn = async (databaseUrl: string): Promise<void> => {
  const embedded = databaseUrl === '';
  const dir = await mkdtemp(path.join(tmpdir(), 'sales-assist-publish-kill-'));
  const sandbox = await startPlatformSandbox({ dataDir: path.join(dir, 'platform-sandbox') });
  giveMetaAnApp(sandbox);
  const envOf = (dataDir: string): Record<string, string> => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'publish-kill-bench-secret-0123456789abcdef',
    VAULT_KEY: 'b'.repeat(64),
    PLATFORM_SANDBOX_URL: sandbox.url,
    WEB_DIST_DIR: path.join(dir, 'no-web-app'),
  });
  // On PostgreSQL each process has a data directory of its own (its files, its outreach sandbox).
  const dataDirs = [path.join(dir, 'first'), path.join(dir, 'second')];
  const servers: Server[] = [];
  try {
    // Accounts, content and schedules, written by this process as the API would, before any worker runs.
    const config = loadConfig(envOf(dataDirs[0] ?? dir));
    const database = await openDatabase(config);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const services = await startServices(config, database, quiet, { engine: false, role: 'api' });
    const accounts = await connectAccounts(services.deps, sandbox, ACCOUNTS);
    const items = await Promise.all(
      accounts.map((account, index) => writeContent(services.deps, account, index)),
    );
    const minute = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
    await scheduleAll(services.deps, accounts, items, minute);
    await services.stop();
    await database.close();
    const total = accounts.length * POSTS_PER_ACCOUNT;

    // The publishing processes: one on the embedded database (its data directory admits one), two on
    // PostgreSQL.
    for (const dataDir of embedded ? dataDirs.slice(0, 1) : dataDirs)
      servers.push(await startServer(envOf(dataDir)));
    const readyLate = Date.now() > minute.getTime();
    // Killed mid-work: once a random share (20–70 %) of the posts is on the platforms, so the kill lands
    // while posts are in flight however fast the minute's posts go out; 3 s after the minute at the latest.
    const killShare = 0.2 + Math.random() * 0.5;
    const latest = minute.getTime() + 3_000;
    while (
      Date.now() < latest &&
      (Date.now() < minute.getTime() || postsOnPlatforms(sandbox).onPlatforms < total * killShare)
    )
      await sleep(20);
    const [victim] = servers;
    if (!victim) throw new Error('no server');
    await stopServer(victim, 'SIGKILL');
    const killedAt = Date.now();
    const onPlatformsAtKill = postsOnPlatforms(sandbox).onPlatforms;
    let reference = killedAt;
    if (embedded) {
      // Restarted at once, as a supervisor (systemd, Docker's restart policy) would.
      reference = Date.now();
      servers[0] = await startServer(envOf(dataDirs[0] ?? dir));
    }
    const restartedInMs = embedded ? Date.now() - reference : 0;

    // Until the platforms hold every post (a settle follows its platform call within milliseconds).
    while (Date.now() < reference + GIVE_UP_MS && postsOnPlatforms(sandbox).onPlatforms < total)
      await sleep(250);
    await sleep(2_000);
    for (const server of servers) await stopServer(server, 'SIGTERM');

    const after = await openDatabase(loadConfig(envOf(dataDirs[0] ?? dir)));
    const rows = (
      (await after.db.execute(
        sql`SELECT status, platform, published_at, updated_at, failure_reason FROM scheduled_posts`,
      )) as unknown as { rows: Row[] }
    ).rows;
    const attempts = (
      (await after.db.execute(
        sql`SELECT action, count(*)::int AS n, count(*) FILTER (WHERE message LIKE '%stopped before it ended%')::int AS cut
            FROM publish_attempts GROUP BY action`,
      )) as unknown as { rows: { action: string; n: number; cut: number }[] }
    ).rows;
    await after.close();

    const settledAt = (row: Row) =>
      new Date(row.status === 'published' ? (row.published_at ?? row.updated_at) : row.updated_at).getTime();
    const settled = rows.filter((row) => ['published', 'failed', 'held'].includes(row.status));
    const published = rows.filter((row) => row.status === 'published');
    const lateness = published.map((row) => settledAt(row) - minute.getTime()).sort((a, b) => a - b);
    const lastSettled = Math.max(...settled.map(settledAt));
    const { onPlatforms, duplicates } = postsOnPlatforms(sandbox);
    const byState: Record<string, number> = {};
    for (const row of rows) byState[row.status] = (byState[row.status] ?? 0) + 1;
    const readBacks = attempts.find((a) => a.action === 'read_back')?.n ?? 0;
    const cut = attempts.reduce((sum, a) => sum + a.cut, 0);
    const since = embedded ? 'the restart' : 'the death';
    const lastAfter = lastSettled - reference;
    // Settled means published here: the platforms stand in without faults, so a failure is a fault of ours.
    const met = published.length === total && lastAfter <= GOAL_SETTLED_MS && duplicates === 0;
    const failures = new Map<string, number>();
    for (const row of rows.filter((r) => r.status !== 'published')) {
      const what = `${row.platform} ${row.status}: ${row.failure_reason ?? ''}`.trim();
      failures.set(what, (failures.get(what) ?? 0) + 1);
    }

    console.log(
      `\nPublish bench with a kill (${embedded ? 'pglite' : 'postgres'}): ${total} posts due at ${minute.toISOString()} ` +
        `across ${accounts.length} accounts; ${embedded ? 'one process' : 'two processes'} publishing` +
        (readyLate ? ' (started after the minute: lateness includes it)' : ''),
    );
    console.log(
      `  SIGKILL ${seconds(killedAt - minute.getTime())} after the minute, with ${onPlatformsAtKill} posts on the platforms; ` +
        (embedded ? `restarted, ready ${seconds(restartedInMs)} later` : 'the second process lives on'),
    );
    console.log(
      `  published ${published.length} of ${total}; states ${JSON.stringify(byState)}; ` +
        `${cut} attempts cut off by the kill, ${readBacks} read-backs`,
    );
    for (const [what, n] of failures) console.log(`  ${n} × ${what}`);
    if (lateness.length > 0)
      console.log(
        `  lateness after the minute: p50 ${seconds(percentile(lateness, 0.5))}, p95 ${seconds(percentile(lateness, 0.95))}, ` +
          `max ${seconds(lateness.at(-1) ?? 0)}`,
      );
    console.log(
      `  last post settled ${seconds(lastAfter)} after ${since}; on the platforms: ${onPlatforms} posts, ` +
        `${duplicates} duplicates`,
    );
    console.log(
      `  goal: every post published within ${seconds(GOAL_SETTLED_MS)} of ${since}, 0 duplicates: ${met ? 'met' : 'NOT met'}`,
    );
  } catch (error) {
    for (const server of servers) console.error(server.output());
    throw error;
  } finally {
    for (const server of servers) await stopServer(server, 'SIGKILL');
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
};
