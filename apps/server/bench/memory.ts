/**
 * Memory bench (`npm run bench -- memory`): the compiled server (as `npm start` runs it) as a child process,
 * its resident memory (RSS, from /proc) idle after start, under a load of mixed signed-in calls, and over a
 * sustained load of BENCH_MEMORY_MINUTES (12) minutes in which new accounts sign in every minute (each a new
 * session, as a flood of sign-ins or attack traffic makes): the RSS at the end of each minute and its lowest
 * in the minute (sampled every second), the growth per minute of that floor over the second half (where a
 * leak shows and warming up does not), the peak, and the RSS after the load.
 * Goals: idle ≤ 400 MB, under load ≤ 600 MB, growth over the second half ≤ 2 MB a minute. On PGlite and,
 * when DATABASE_URL is set, PostgreSQL (whose own memory is the database server's, not counted here).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/open-database';
import { hashPassword } from '../src/lib/security/passwords';
import { freePort } from '../test/support/free-port';
import {
  BENCH_SECRETS,
  buildCompiledServer,
  serverArgs,
  startServerProcess,
  stopServerProcess,
  untilHealthy,
} from './compiled-server';
import { onBothDatabases } from './on-both-databases';

/**
 * 12: at 100 new accounts a minute the server's caches keep filling for about ten minutes (the page facts
 * reach their 1,000 users then), so a shorter run's second half is still warming up: on PGlite 5 minutes read
 * 3.3 MB a minute, 12 read 1.0, the floor rising more slowly each minute.
 */
const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 12);
const NEW_ACCOUNTS_PER_MINUTE = 100;
/** Calls in flight at once during the load. */
const CONCURRENCY = 20;
const PASSWORD = 'Bench-Pass1';
const GOALS = { idleMb: 400, loadMb: 600, growthMbPerMinute: 2 };
const LISTS_PER_ACCOUNT = 3;
const LEADS_PER_LIST = 60;

/** Every account the load will sign in, each with lists of leads, made before the server starts. */
const seed = async (env: { DATA_DIR: string; DATABASE_URL: string }, accounts: number): Promise<void> => {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined });
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`
    INSERT INTO users (email, password_hash, is_verified)
    SELECT 'memory-' || i || '@example.com', ${passwordHash}, true FROM generate_series(1, ${accounts}) i`);
  await db.execute(sql`
    INSERT INTO lists (user_id, name, lead_count)
    SELECT u.id, 'List ' || n, ${LEADS_PER_LIST} FROM users u, generate_series(1, ${LISTS_PER_ACCOUNT}) n
    WHERE u.email LIKE 'memory-%'`);
  await db.execute(sql`
    INSERT INTO leads (user_id, list_id, name, headline, company, connection_degree, source, linkedin_url)
    SELECT l.user_id, l.id, 'Person ' || n, 'Head of Growth at Company ' || n, 'Company ' || n, '2nd', 'CSV',
           'https://www.linkedin.com/in/person-' || l.id || '-' || n
    FROM lists l, generate_series(1, ${LEADS_PER_LIST}) n`);
  await db.execute(sql`ANALYZE`);
  await database.close();
};

/** Resident memory of a process now, in MB (VmRSS), or 0 once it is gone. */
const rssMb = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Least-squares slope of y over x (MB per minute). */
const slope = (points: [number, number][]): number => {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const num = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const den = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
};

type Account = { authorization: string; lists: string[] };

const signIn = async (base: string, index: number): Promise<Account> => {
  const response = await fetch(`${base}/api/loginv2`, {
    method: 'POST',
    // Each account from an address of its own, as many people (or an attack) would come.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${index >> 8}.${index & 255}.1` },
    body: JSON.stringify({ email: `memory-${index}@example.com`, password: PASSWORD }),
  });
  const { access_token: token } = (await response.json()) as { access_token?: string };
  if (!token) throw new Error(`sign-in ${index} failed (${response.status})`);
  return { authorization: `Bearer ${token}`, lists: [] };
};

/** One mixed call of a signed-in account: the pages a person moves between, each another page. */
const mixedCall = async (base: string, account: Account, turn: number): Promise<void> => {
  const paths = [
    '/api/me',
    `/api/linkedinAI/all_lists?page=0&limit=${5 + (turn % 10)}`,
    `/api/linkedinAI/all_leads?page=${turn % 18}&row=10`,
    `/api/linkedinAI/fetch_campaigns?page=1&limit=${5 + (turn % 10)}`,
    '/api/chats',
    '/api/plan_usage',
    '/api/health',
  ];
  const response = await fetch(`${base}${paths[turn % paths.length]}`, {
    headers: { authorization: account.authorization },
  });
  await response.arrayBuffer();
  if (response.status >= 500) throw new Error(`a call answered ${response.status}`);
};

const benchOne = async (databaseUrl: string, main: string): Promise<void> => {
  const place = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-memory-bench-'));
  const env = { ...BENCH_SECRETS, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' };
  const accounts = NEW_ACCOUNTS_PER_MINUTE * (MINUTES + 1);
  await seed(env, accounts);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  try {
    child = startServerProcess(serverArgs({ compiled: main }), { ...env, PORT: String(port) });
    await untilHealthy(child, port, performance.now());
    const pid = child.pid ?? 0;
    // Idle: the start-up's garbage collected, nothing asked.
    await sleep(10_000);
    const idle = await rssMb(pid);
    console.log(
      `\nMemory bench on ${place} (compiled server, ${MINUTES} min of load, ${CONCURRENCY} calls at once)`,
    );
    console.log(`  idle after start: ${idle.toFixed(0)} MB`);

    const signedIn: Account[] = [];
    let next = 1;
    let peak = idle;
    let calls = 0;
    const perMinute: [number, number][] = [];
    const started = performance.now();
    for (let minute = 1; minute <= MINUTES; minute++) {
      // New accounts sign in at the start of each minute (new sessions, new callers to keep).
      for (let i = 0; i < NEW_ACCOUNTS_PER_MINUTE; i++) signedIn.push(await signIn(base, next++));
      const until = started + minute * 60_000;
      // Sampled every second: the minute's lowest value is the floor the garbage collector comes back to,
      // which a leak raises; the end of a minute may fall anywhere on the collector's saw-tooth.
      let floor = Number.POSITIVE_INFINITY;
      const sampler = setInterval(() => {
        void rssMb(pid).then((mb) => {
          peak = Math.max(peak, mb);
          if (mb > 0) floor = Math.min(floor, mb);
        });
      }, 1_000);
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, worker) => {
          for (let turn = worker; performance.now() < until; turn += CONCURRENCY) {
            const account = signedIn[(turn * 7919) % signedIn.length];
            if (account) await mixedCall(base, account, turn);
            calls++;
          }
        }),
      );
      clearInterval(sampler);
      const mb = await rssMb(pid);
      peak = Math.max(peak, mb);
      floor = Math.min(floor, mb);
      perMinute.push([minute, floor]);
      console.log(
        `  minute ${minute}: ${mb.toFixed(0)} MB at its end, lowest ${floor.toFixed(0)} MB (${signedIn.length} accounts signed in, ${calls} calls)`,
      );
    }
    await sleep(10_000);
    const after = await rssMb(pid);
    // At least the last two minutes, so a short run still has a slope.
    const secondHalf = perMinute.slice(Math.min(Math.floor(perMinute.length / 2), perMinute.length - 2));
    const growth = slope(secondHalf);
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(`  after the load (10 s later): ${after.toFixed(0)} MB`);
    console.log(`  idle ${idle.toFixed(0)} MB (goal ≤ ${GOALS.idleMb} MB): ${verdict(idle <= GOALS.idleMb)}`);
    console.log(
      `  peak under load ${peak.toFixed(0)} MB (goal ≤ ${GOALS.loadMb} MB): ${verdict(peak <= GOALS.loadMb)}`,
    );
    console.log(
      `  growth of the lowest RSS over the second half ${growth.toFixed(1)} MB/min (goal ≤ ${GOALS.growthMbPerMinute}): ${verdict(growth <= GOALS.growthMbPerMinute)}`,
    );
  } finally {
    if (child) await stopServerProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  }
};

export const runMemoryBench = async (): Promise<void> => {
  const server = buildCompiledServer();
  try {
    await onBothDatabases('memory bench', (databaseUrl) => benchOne(databaseUrl, server.main));
  } finally {
    await server.remove();
  }
};
