/**
 * Publishing bench (`npm run bench -- publish`): 1,000 posts due in the same minute across 100 accounts
 * of the platform sandbox (50 LinkedIn members, 50 WordPress sites; 10 posts each), scheduled through
 * the schedule service and published by the real engine: the job queue and its workers as start-services
 * starts them. Reports how late each publish is after that minute (p50, p95, max), how many were
 * published, and how many posts the platforms hold twice (must be 0). Three runs on each database
 * (BENCH_PUBLISH_RUNS), alternating, then each database's spread against its goal: p95 ≤ 10 s on the
 * embedded database, ≤ 5 s on PostgreSQL, in every run. The machine's load average is printed beside
 * each run: on a shared machine it says how much of a core the run could have.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
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
/** Every run's p95 lateness: within 10 s of the minute on the embedded database, 5 s on PostgreSQL. */
const GOAL_P95_MS = { pglite: 10_000, postgres: 5_000 } as const;
const RUNS = Math.max(1, Number(process.env.BENCH_PUBLISH_RUNS ?? 3));
/** How long to wait for the last post after the minute before reporting what is left. */
const GIVE_UP_MS = 5 * 60_000;
const DONE_STATES = ['published', 'failed', 'held'];

/** What one run measured, for the summary of the runs. */
export type PublishRun = {
  kind: 'pglite' | 'postgres';
  p50: number;
  p95: number;
  max: number;
  published: number;
  duplicates: number;
  load: string;
};

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** One run on one database ('' : embedded PGlite), e.g. to profile it alone. */
export const runPublishBenchOn = async (databaseUrl: string): Promise<PublishRun> => {
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
  const loadAtMinute = loadAverage();
  let done = 0;
  while (Date.now() < minute.getTime() + GIVE_UP_MS) {
    done = (await states()).filter((s) => DONE_STATES.includes(s.status)).reduce((sum, s) => sum + s.n, 0);
    if (done >= total) break;
    // Once a second: on the embedded database this count runs on the publishing process's own thread.
    await sleep(1_000);
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
  const goal = GOAL_P95_MS[database.kind];
  console.log(`  published ${lateness.length} of ${total}; states ${JSON.stringify(byState)}`);
  for (const [what, n] of failures) console.log(`  ${n} × ${what}`);
  if (lateness.length > 0)
    console.log(
      `  lateness after the minute: p50 ${seconds(percentile(lateness, 0.5))}, p95 ${seconds(p95)}, ` +
        `max ${seconds(lateness.at(-1) ?? 0)} (goal: p95 ≤ ${seconds(goal)}${p95 <= goal ? ', met' : ', NOT met'})`,
    );
  if (attempts.length > 0)
    console.log(
      `  taken by a worker after the minute: p50 ${seconds(percentile(taken, 0.5))}, p95 ${seconds(percentile(taken, 0.95))}; ` +
        `one attempt (platform call and settling): p50 ${seconds(percentile(lasted, 0.5))}, p95 ${seconds(percentile(lasted, 0.95))}, ` +
        `${attempts.length} attempts`,
    );
  const load = `${loadAtMinute} at the minute, ${loadAverage()} after`;
  console.log(
    `  this process while publishing: event loop busy ${(loop.utilization * 100).toFixed(0)}%, ` +
      `CPU ${(((cpu.user + cpu.system) / 1000 / wallMs) * 100).toFixed(0)}% of one core over ${seconds(wallMs)}; ` +
      `machine load average (1, 5, 15 min) ${load}`,
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
  return {
    kind: database.kind,
    p50: percentile(lateness, 0.5),
    p95,
    max: lateness.at(-1) ?? 0,
    published: lateness.length,
    duplicates,
    load,
  };
};

/** Each database's runs side by side: p50/p95/max of each, the spread of p95, and the goal. */
const summarise = (runs: PublishRun[]) => {
  for (const kind of ['pglite', 'postgres'] as const) {
    const mine = runs.filter((run) => run.kind === kind);
    if (mine.length === 0) continue;
    const goal = GOAL_P95_MS[kind];
    const p95s = mine.map((run) => run.p95);
    const met = mine.filter((run) => run.p95 <= goal && run.published === 1_000 && run.duplicates === 0);
    console.log(`
Publish bench, ${kind}, ${mine.length} runs:`);
    for (const [n, run] of mine.entries())
      console.log(
        `  run ${n + 1}: p50 ${seconds(run.p50)}, p95 ${seconds(run.p95)}, max ${seconds(run.max)}; ` +
          `${run.published} published, ${run.duplicates} duplicates; load average ${run.load}`,
      );
    console.log(
      `  p95 spread ${seconds(Math.min(...p95s))}–${seconds(Math.max(...p95s))}; goal p95 ≤ ${seconds(goal)} ` +
        `with 1,000 published and 0 duplicates in every run: ${met.length === mine.length ? 'met' : 'NOT met'} ` +
        `(${met.length} of ${mine.length})`,
    );
  }
};

/**
 * The minute's publishing, RUNS times on each database (alternating, so a change in the machine's load
 * falls on both), then the same with the publishing process killed in the middle.
 */
export const runPublishBench = async (): Promise<void> => {
  const runs: PublishRun[] = [];
  for (let n = 0; n < RUNS; n++)
    await onBothDatabases('publish bench', async (url) => {
      runs.push(await runPublishBenchOn(url));
    });
  summarise(runs);
  await onBothDatabases('publish bench with a kill', runPublishKillBenchOn);
};
