/**
 * Publishing bench (`npm run bench -- publish`): 1,000 posts due in the same minute across 100 accounts
 * of the platform sandbox (50 LinkedIn members, 50 WordPress sites; 10 posts each), scheduled through
 * the schedule service and published by the real engine: the job queue and its workers as start-services
 * starts them. Reports how late each publish is after that minute (p50, p95, max; goal p95 ≤ 10 s), how
 * many were published, and how many posts the platforms hold twice (must be 0).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/open-database';
import { loadConfig } from '../src/env';
import { startServices } from '../src/start-services';
import { onBothDatabases } from './on-both-databases';
import { runPublishKillBenchOn } from './publish-kill';
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

const LINKEDIN_ACCOUNTS = 50;
const WORDPRESS_ACCOUNTS = 50;
const GOAL_P95_MS = 10_000;
/** How long to wait for the last post after the minute before reporting what is left. */
const GIVE_UP_MS = 5 * 60_000;
const DONE_STATES = ['published', 'failed', 'held'];

/** One run on one database ('' : embedded PGlite), e.g. to profile it alone. */
export const runPublishBenchOn = async (databaseUrl: string): Promise<void> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-publish-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
  });
  const database = await openDatabase(config);
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // As main.ts starts a process of role `all`: the queue polls every 2 s and every worker runs here (the
  // outreach engine, which has nothing to do in this bench, stays off).
  const services = await startServices(config, database, quiet, { engine: false });
  const { deps } = services;
  const sandbox = services.platformSandbox;
  if (!sandbox) throw new Error('the bench needs the bundled platform sandbox (no platform credentials)');

  const seedStart = performance.now();
  const accounts = await connectAccounts(deps, sandbox, {
    linkedin: LINKEDIN_ACCOUNTS,
    wordpress: WORDPRESS_ACCOUNTS,
  });
  const items = await Promise.all(accounts.map((account, index) => writeContent(deps, account, index)));
  const seededMs = performance.now() - seedStart;

  // The minute: the next whole one that leaves time to schedule everything before it begins.
  const minute = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  const scheduleStart = performance.now();
  await scheduleAll(deps, accounts, items, minute);
  const scheduledMs = performance.now() - scheduleStart;
  const total = accounts.length * POSTS_PER_ACCOUNT;
  console.log(
    `\nPublish bench (${database.kind}): ${total} posts due at ${minute.toISOString()} across ${accounts.length} accounts ` +
      `(${LINKEDIN_ACCOUNTS} LinkedIn members, ${WORDPRESS_ACCOUNTS} WordPress sites); seeded in ${seconds(seededMs)}, ` +
      `scheduled through the schedule service in ${seconds(scheduledMs)}`,
  );
  if (Date.now() >= minute.getTime()) console.log('  (scheduling ran past the minute: lateness includes it)');

  const states = async () =>
    (
      (await deps.db.execute(
        sql`SELECT status, count(*)::int AS n FROM scheduled_posts GROUP BY status`,
      )) as unknown as { rows: { status: string; n: number }[] }
    ).rows;
  // How busy this one process was while it published: its event loop (the app, the queue's workers and
  // the in-process sandbox share it) and its CPU, from the minute until the last post settled.
  while (Date.now() < minute.getTime()) await sleep(50);
  const loopBefore = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  let done = 0;
  while (Date.now() < minute.getTime() + GIVE_UP_MS) {
    done = (await states()).filter((s) => DONE_STATES.includes(s.status)).reduce((sum, s) => sum + s.n, 0);
    if (done >= total) break;
    await sleep(250);
  }

  const loop = performance.eventLoopUtilization(loopBefore);
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  const rows = (
    (await deps.db.execute(
      sql`SELECT status, published_at, failure_kind, failure_reason FROM scheduled_posts`,
    )) as unknown as {
      rows: {
        status: string;
        published_at: string | Date | null;
        failure_kind: string | null;
        failure_reason: string | null;
      }[];
    }
  ).rows;
  const lateness = rows
    .filter((row) => row.status === 'published' && row.published_at)
    .map((row) => new Date(row.published_at as string).getTime() - minute.getTime())
    .sort((a, b) => a - b);

  const { onPlatforms, duplicates } = postsOnPlatforms(sandbox);

  const byState = Object.fromEntries((await states()).map((s) => [s.status, s.n]));
  const failures = new Map<string, number>();
  for (const row of rows.filter((r) => r.status !== 'published')) {
    const what = `${row.status}: ${row.failure_kind ?? '-'} ${row.failure_reason ?? ''}`.trim();
    failures.set(what, (failures.get(what) ?? 0) + 1);
  }

  // Where the time goes: how long after the minute a worker took each post (the queue's pickup), and how
  // long its attempt lasted (platform call and settling), from the audit log.
  const attempts = (
    (await deps.db.execute(
      sql`SELECT started_at, finished_at FROM publish_attempts WHERE action = 'publish' AND finished_at IS NOT NULL`,
    )) as unknown as { rows: { started_at: string | Date; finished_at: string | Date }[] }
  ).rows;
  const taken = attempts
    .map((a) => new Date(a.started_at).getTime() - minute.getTime())
    .sort((a, b) => a - b);
  const lasted = attempts
    .map((a) => new Date(a.finished_at).getTime() - new Date(a.started_at).getTime())
    .sort((a, b) => a - b);

  const p95 = percentile(lateness, 0.95);
  console.log(`  published ${lateness.length} of ${total}; states ${JSON.stringify(byState)}`);
  for (const [what, n] of failures) console.log(`  ${n} × ${what}`);
  if (lateness.length > 0)
    console.log(
      `  lateness after the minute: p50 ${seconds(percentile(lateness, 0.5))}, p95 ${seconds(p95)}, ` +
        `max ${seconds(lateness.at(-1) ?? 0)} (goal: p95 ≤ ${seconds(GOAL_P95_MS)}${p95 <= GOAL_P95_MS ? ', met' : ', NOT met'})`,
    );
  if (attempts.length > 0)
    console.log(
      `  taken by a worker after the minute: p50 ${seconds(percentile(taken, 0.5))}, p95 ${seconds(percentile(taken, 0.95))}; ` +
        `one attempt (platform call and settling): p50 ${seconds(percentile(lasted, 0.5))}, p95 ${seconds(percentile(lasted, 0.95))}, ` +
        `${attempts.length} attempts`,
    );
  console.log(
    `  this process while publishing: event loop busy ${(loop.utilization * 100).toFixed(0)}%, ` +
      `CPU ${(((cpu.user + cpu.system) / 1000 / wallMs) * 100).toFixed(0)}% of one core over ${seconds(wallMs)}`,
  );
  console.log(
    `  on the platforms: ${onPlatforms} posts, ${duplicates} duplicates (must be 0)` +
      (onPlatforms !== lateness.length
        ? `; ${onPlatforms - lateness.length} more than the rows marked published`
        : ''),
  );

  await services.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
};

/** The minute's publishing, then the same with the publishing process killed in the middle. */
export const runPublishBench = async (): Promise<void> => {
  await onBothDatabases('publish bench', runPublishBenchOn);
  await onBothDatabases('publish bench with a kill', runPublishKillBenchOn);
};
