/**
 * HTTP bench (`npm run bench -- http`): the real server started as a child process on a free port, loaded
 * by autocannon with 50 connections. /api/health (no authentication, no database) is the baseline taken
 * in the same run, so each call's requests per second read as a share of what the bare HTTP stack
 * serves on this machine. The pages are the hard case: another page each request, so none comes from the
 * list page cache. Every call is measured in three rounds; each prints its goal and whether every round met
 * it. Runs on the embedded database, and on PostgreSQL too when DATABASE_URL is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/open-database';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/security/passwords';
import { freePort } from '../test/support/free-port';
import { BENCH_SECRETS } from './compiled-server';
import { onBothDatabases } from './on-both-databases';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench-Pass1';
const SERVER_MAIN = path.join(import.meta.dirname, '../src/main.ts');

/** Other accounts and their data, so every per-request lookup is an index lookup in a populated table. */
const OTHER_USERS = 5000;
const LISTS = 40;
const LEADS_PER_LIST = 500;
const CAMPAIGNS = 20;
const CAMPAIGN_LEADS = 100;

/** One account with lists, leads and campaigns, among many other accounts. Answers the account's e-mail. */
const seed = async (env: { DATA_DIR: string; DATABASE_URL: string }): Promise<string> => {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined });
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`
    INSERT INTO users (email, password_hash, is_verified)
    SELECT 'other-' || i || '@example.com', ${passwordHash}, true FROM generate_series(1, ${OTHER_USERS}) i`);
  const email = 'bench@example.com';
  const [user] = await db.insert(users).values({ email, passwordHash, isVerified: true }).returning();
  if (!user) throw new Error('no bench user');
  // The lists of the bench account and as many again for other accounts, every list with its leads.
  await db.execute(sql`
    INSERT INTO lists (user_id, name, lead_count)
    SELECT CASE WHEN i <= ${LISTS} THEN ${user.id}::uuid
                ELSE (SELECT id FROM users WHERE email = 'other-' || i || '@example.com') END,
           'List ' || i, ${LEADS_PER_LIST}
    FROM generate_series(1, ${LISTS * 2}) i`);
  await db.execute(sql`
    INSERT INTO leads (user_id, list_id, name, headline, location, company, connection_degree, source,
                       linkedin_url, profile_image_url)
    SELECT l.user_id, l.id, 'Person ' || n, 'Head of Growth at Company ' || n || ' | SaaS, B2B | Speaker',
           'Paris, Île-de-France, France', 'Company ' || n, '2nd', 'CSV',
           'https://www.linkedin.com/in/person-' || l.id || '-' || n,
           'https://media.licdn.com/dms/image/' || n || '/profile-displayphoto.jpg'
    FROM lists l, generate_series(1, ${LEADS_PER_LIST}) n`);
  await db.execute(sql`
    INSERT INTO campaigns (user_id, name, goal, tone, engagement_value, engagement_window_days, template_id,
                           connection_requests_per_day, withdraw_after_days, send_time, timezone_label,
                           time_zone, exclude_first_degree, exclude_no_picture, actions, lead_count, steps_total)
    SELECT ${user.id}::uuid, 'Campaign ' || i, 'Book a Meeting', 'Friendly, Approachable', 7, 7, 1, 10, 7,
           'Weekdays during working hours', '(IST) Indian Standard Time', 'Asia/Kolkata', false, false,
           '[]'::jsonb, 100, 600
    FROM generate_series(1, ${CAMPAIGNS}) i`);
  // What an account that has worked a while leaves behind, so the planner sees tables as a real install has
  // them (an empty table is planned, and rescanned, differently): each list came from a finished CSV import,
  // and each campaign holds its leads, a few of them failed or skipped.
  await db.execute(sql`
    INSERT INTO import_jobs (user_id, list_id, state, file_name, file_path, list_created, status_before, total,
                             processed, imported)
    SELECT user_id, id, 'done', 'leads.csv', '', true, 'ready', ${LEADS_PER_LIST}, ${LEADS_PER_LIST},
           ${LEADS_PER_LIST}
    FROM lists`);
  await db.execute(sql`
    INSERT INTO campaign_leads (campaign_id, user_id, name, linkedin_url, state)
    SELECT c.id, c.user_id, 'Person ' || n, 'https://www.linkedin.com/in/campaign-' || c.id || '-' || n,
           CASE WHEN n % 20 = 0 THEN 'failed' WHEN n % 25 = 0 THEN 'skipped' ELSE 'pending' END
    FROM campaigns c, generate_series(1, ${CAMPAIGN_LEADS}) n`);
  // As the periodic vacuum leaves them (db/embedded-thread.ts): statistics and the visibility map up to date.
  await db.execute(sql`VACUUM ANALYZE`);
  await database.close();
  return email;
};

const startServer = async (env: Record<string, string>, port: number): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A busy machine can take long to compile and open the database: up to two minutes.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start (${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer within 120 s');
};

const stopServer = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * What each call must reach, as a share of health's requests per second in the same round: PGlite, then
 * PostgreSQL. null: the baseline itself.
 */
type Goal = { pglite: number; postgres: number } | null;
type Target = { label: string; path: () => string; auth: boolean; goal: Goal };

/**
 * Pages visited in turn, more of them than the list page cache keeps per user (32), so no request is
 * answered from it: every call reads the database, as the first visit of a page (or the first after a
 * write, which drops the user's pages) does.
 */
const cycle = (paths: string[]): (() => string) => {
  let next = 0;
  return () => paths[next++ % paths.length] ?? '';
};
/** Every (page, size) of the bench account's 40 lists with 5 to 20 a page: 62 different pages. */
const LIST_PAGES = Array.from({ length: 16 }, (_, i) => i + 5).flatMap((limit) =>
  Array.from(
    { length: Math.ceil(LISTS / limit) },
    (_, page) => `/api/linkedinAI/all_lists?page=${page}&limit=${limit}`,
  ),
);
/** Each page of 10 of the account's 20,000 leads, in turn: the first ones and the deep ones alike. */
const LEAD_PAGES = Array.from(
  { length: (LISTS * LEADS_PER_LIST) / 10 },
  (_, page) => `/api/linkedinAI/all_leads?page=${page}&row=10`,
);
/** Every (page, size) of the account's 20 campaigns with 5 to 20 a page (not cached at all). */
const CAMPAIGN_PAGES = Array.from({ length: 16 }, (_, i) => i + 5).flatMap((limit) =>
  Array.from(
    { length: Math.ceil(CAMPAIGNS / limit) },
    (_, page) => `/api/linkedinAI/fetch_campaigns?page=${page + 1}&limit=${limit}`,
  ),
);
const UNCACHED_GOAL = { pglite: 25, postgres: 50 };
const TARGETS: Target[] = [
  { label: 'GET /api/health (baseline)', path: () => '/api/health', auth: false, goal: null },
  { label: 'GET /api/me', path: () => '/api/me', auth: true, goal: { pglite: 50, postgres: 50 } },
  { label: 'GET all_lists, another page each', path: cycle(LIST_PAGES), auth: true, goal: UNCACHED_GOAL },
  { label: 'GET all_leads, another page each', path: cycle(LEAD_PAGES), auth: true, goal: UNCACHED_GOAL },
  {
    label: 'GET fetch_campaigns, another page each',
    path: cycle(CAMPAIGN_PAGES),
    auth: true,
    goal: UNCACHED_GOAL,
  },
];
/**
 * BENCH_HTTP_CALLS=all_leads (comma-separated parts of the labels) measures only those calls beside the
 * baseline, for a quicker before/after of one call; all of them by default.
 */
const CHOSEN = (process.env.BENCH_HTTP_CALLS ?? '').split(',').filter(Boolean);
const MEASURED = CHOSEN.length
  ? TARGETS.filter((target) => !target.goal || CHOSEN.some((part) => target.label.includes(part)))
  : TARGETS;
/** Each call is measured this many times, in rounds of all calls, so a busy moment touches all alike. */
const ROUNDS = 3;

/** Linux counts process CPU time in clock ticks of 10 ms (USER_HZ 100). */
const MS_PER_TICK = 10;

const ticksOf = async (pid: string): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // After the command name (in parentheses, may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) || 0) + (Number(fields[12]) || 0);
};

/**
 * CPU time used so far by the server and, on PostgreSQL, by the server's backends for the bench's
 * database (found by their process title, so other databases' work on the same server is left out). Unlike requests per second it hardly moves with what else runs
 * on a shared machine, so the CPU per request of a call against health's is the steadier comparison.
 * null where there is no /proc (not Linux).
 */
const cpuMs = async (serverPid: number, database: string | null): Promise<number | null> => {
  const entries = await readdir('/proc').catch(() => null);
  if (!entries) return null;
  let ticks = await ticksOf(String(serverPid));
  if (database) {
    for (const pid of entries.filter((entry) => /^\d+$/.test(entry))) {
      // A backend's title: "postgres: <user> <database> <host>(<port>) <state>".
      const title = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
      if (title.startsWith('postgres:') && title.includes(` ${database} `)) ticks += await ticksOf(pid);
    }
  }
  return ticks * MS_PER_TICK;
};

const load = async (
  base: string,
  target: Target,
  headers: Record<string, string>,
  seconds: number,
  cpu: () => Promise<number | null>,
) => {
  const cpuBefore = await cpu();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    // Asked for anew for every request: another page each time.
    requests: [{ setupRequest: (request) => ({ ...request, path: target.path() }) }],
  });
  const cpuAfter = await cpu();
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.label}: ${failed} failed requests of ${result.requests.total}`);
  // autocannon stops without waiting for the answers still on their way: let the server drain them, so
  // they neither count against the next call nor meet a closing server.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cpuPerRequestUs =
    cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
      ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
      : null;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuPerRequestUs };
};

const benchOne = async (kind: 'pglite' | 'postgres', databaseUrl: string): Promise<void> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-http-bench-'));
  const env = { ...BENCH_SECRETS, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const email = await seed(env);
  const port = await freePort();
  const server = await startServer(env, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/loginv2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token?: string };
    if (!token) throw new Error(`sign-in failed (${login.status})`);
    const authorization = { authorization: `Bearer ${token}` };

    console.log(
      `\nHTTP bench on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    const serverPid = server.pid ?? 0;
    const database = kind === 'postgres' ? new URL(databaseUrl).pathname.slice(1) : null;
    const cpu = () => cpuMs(serverPid, database);
    type Measured = { rps: number; p50: number; p99: number; cpuPerRequestUs: number | null };
    const runs = new Map<Target, Measured[]>(MEASURED.map((target) => [target, []]));
    const healthOf: Measured[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round} of ${ROUNDS} (load average ${loadavg()[0]?.toFixed(1)})`);
      for (const target of MEASURED) {
        const headers = target.auth ? authorization : {};
        await load(base, target, headers, 2, cpu); // warm-up: JIT, pool connections
        const measured = await load(base, target, headers, SECONDS, cpu);
        if (!target.goal) healthOf[round - 1] = measured;
        runs.get(target)?.push(measured);
        const health = healthOf[round - 1];
        const share = health ? `${((measured.rps / health.rps) * 100).toFixed(1)}% of health` : '';
        // The share health would leave it at equal CPU: health's CPU per request over this call's.
        const cpuShare =
          health?.cpuPerRequestUs && measured.cpuPerRequestUs
            ? `${((health.cpuPerRequestUs / measured.cpuPerRequestUs) * 100).toFixed(1)}% by CPU`
            : '';
        const cpuText =
          measured.cpuPerRequestUs === null
            ? ''
            : `${measured.cpuPerRequestUs.toFixed(0).padStart(5)} µs CPU/req`;
        console.log(
          `  ${target.label.padEnd(40)} ${measured.rps.toFixed(0).padStart(7)} req/s   p50 ${String(measured.p50).padStart(4)} ms   p99 ${String(measured.p99).padStart(4)} ms   ${cpuText}   ${share}   ${cpuShare}`,
        );
      }
    }
    // Each call's share of health in the same round, over the rounds: the spread, and the goal met in each.
    console.log(`\nshare of /api/health's requests per second, ${ROUNDS} rounds (min–max, median):`);
    for (const target of MEASURED) {
      const goal = target.goal?.[kind];
      if (goal === undefined) continue;
      const shares = (runs.get(target) ?? []).map((run, i) => (run.rps / (healthOf[i]?.rps ?? 1)) * 100);
      const sorted = [...shares].sort((a, b) => a - b);
      const met = shares.filter((share) => share >= goal).length;
      const p99s = (runs.get(target) ?? []).map((run) => run.p99);
      // By CPU (health's CPU per request over this call's): steadier than requests per second when other
      // work shares the machine; printed beside the goal, which is on requests per second.
      const byCpu = (runs.get(target) ?? [])
        .map((run, i) => {
          const healthCpu = healthOf[i]?.cpuPerRequestUs;
          return healthCpu && run.cpuPerRequestUs ? (healthCpu / run.cpuPerRequestUs) * 100 : null;
        })
        .filter((share): share is number => share !== null)
        .sort((a, b) => a - b);
      const cpuText = byCpu.length ? `   by CPU ${byCpu[0]?.toFixed(1)}–${byCpu.at(-1)?.toFixed(1)} %` : '';
      console.log(
        `  ${target.label.padEnd(40)} ${sorted[0]?.toFixed(1)}–${sorted.at(-1)?.toFixed(1)} %, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} %${cpuText}   p99 ${Math.min(...p99s)}–${Math.max(...p99s)} ms   goal ≥ ${goal} %: ${met === ROUNDS ? 'met' : 'NOT met'} (${met} of ${ROUNDS})`,
      );
    }
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
};

/** BENCH_HTTP_POSTGRES_ONLY=1 (with DATABASE_URL) leaves the PGlite half out, for a quicker comparison. */
const POSTGRES_ONLY = Boolean(process.env.BENCH_HTTP_POSTGRES_ONLY && process.env.DATABASE_URL);

export const runHttpBench = (): Promise<void> =>
  onBothDatabases('HTTP bench', async (databaseUrl) => {
    if (!databaseUrl && POSTGRES_ONLY) return console.log('BENCH_HTTP_POSTGRES_ONLY: PGlite left out');
    await benchOne(databaseUrl ? 'postgres' : 'pglite', databaseUrl);
  });
