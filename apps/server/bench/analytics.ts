/**
 * Analytics bench (`npm run bench -- analytics`): 1,000,000 outreach actions in the activity log, seeded by
 * COPY: one busy user with 200,000 actions over the last year in 20 campaigns, and 80 other users with
 * 10,000 each. The analytics call of the busy user is timed for the last 30 days (the default), 90 days by
 * week, one campaign, and a whole year by week, beside /api/health and a bare query in the same run, three
 * times for the spread. Goal: p95 ≤ 50 ms on PostgreSQL. The seed's COPY fires the rollup's statement triggers
 * once per COPY statement, as an import would: the seed time includes keeping the rollup. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { copyRows } from '../src/db/copy-rows';
import { type Db, openDatabase } from '../src/db/open-database';
import { linkedinAccounts, type OutreachAction, users } from '../src/db/schema';
import { rowsOf } from '../src/db/sql-rows';
import { loadConfig } from '../src/env';
import { startSession } from '../src/modules/auth/start-session';
import { copyRecord } from '../src/modules/leads/csv/csv-format';
import { startServices } from '../src/start-services';
import { onBothDatabases } from './on-both-databases';
import { measureCalls } from './timing';

const BUSY_ACTIONS = 200_000;
const BUSY_CAMPAIGNS = 20;
const OTHER_USERS = 80;
const OTHER_ACTIONS = 10_000;
const OTHER_CAMPAIGNS = 2;
/** A lead taken through the whole plan leaves about this many actions (fewer when it stops early). */
const ACTIONS_PER_LEAD = 6;
const ROUNDS = 200;
const REPEATS = 3;
const GOAL_P95_MS = 50;
/** Single-row INSERTs into activity_log, as the engine logs an action, timed with the rollup's triggers and without. */
const INSERTS = 300;
const DAY_MS = 86_400_000;

const measure = (label: string, run: () => Promise<unknown>) =>
  measureCalls(label, run, { rounds: ROUNDS, width: 58 });

/** A small deterministic generator (mulberry32), so every run seeds the same world. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Owner = {
  userId: string;
  accountId: string;
  leads: { id: number; campaignId: number }[];
  actions: number;
};

/**
 * One lead's actions as the engine logs them: viewed on its start day, liked and commented a week apart
 * when it has a post, invited on day 21, accepted (35 %) or withdrawn on day 28, then two follow-ups and a
 * reply (25 %) or the last check. The start days spread over the last year; what would fall after now
 * is not there yet.
 */
function* leadActions(random: () => number, now: number): Generator<[OutreachAction, string, number]> {
  const start = now - Math.floor(random() * 365) * DAY_MS - Math.floor(random() * 9 * 3600_000);
  const at = (day: number) => start + day * DAY_MS;
  yield ['view_profile', 'Viewed the profile', at(0)];
  if (random() < 0.6) {
    yield ['like_post', 'Liked the post', at(7)];
    yield ['comment_post', 'Commented', at(14)];
  }
  yield ['send_invitation', 'Sent a connection request with the note', at(21)];
  if (random() >= 0.35) {
    yield ['check_invitation', 'Withdrew the connection request (not accepted within 7 day(s))', at(28)];
    return;
  }
  yield ['check_invitation', 'The connection request was accepted', at(28)];
  yield ['follow_up_1', 'Sent follow-up 1', at(28)];
  if (random() < 0.25) {
    yield ['check_reply', 'Reply received: "Happy to talk"', at(35)];
    return;
  }
  yield ['follow_up_2', 'Sent follow-up 2', at(35)];
  yield ['check_reply', 'No reply: the outreach to this lead is finished', at(42)];
}

/** The owners' log rows as COPY text, 5,000 rows a chunk, until each owner has its number of actions. */
async function* activityChunks(owners: Owner[], now: number): AsyncGenerator<string> {
  const random = seeded(42);
  let chunk = '';
  let rows = 0;
  for (const owner of owners) {
    let written = 0;
    for (let i = 0; written < owner.actions; i++) {
      const lead = owner.leads[i % owner.leads.length];
      if (!lead) break;
      for (const [action, outcome, at] of leadActions(random, now)) {
        if (written >= owner.actions) break;
        if (at > now) break;
        chunk += copyRecord([
          owner.userId,
          owner.accountId,
          lead.campaignId,
          lead.id,
          action,
          outcome,
          new Date(at).toISOString(),
        ]);
        written++;
        if (++rows % 5000 === 0) {
          yield chunk;
          chunk = '';
        }
      }
    }
  }
  yield chunk;
}

/** A user with a LinkedIn account, campaigns and their leads (by one INSERT … SELECT per campaign). */
const seedOwner = async (
  db: Db,
  vault: { seal: (s: string) => string },
  n: number,
  campaigns: number,
  actions: number,
): Promise<Owner> => {
  const [user] = await db
    .insert(users)
    .values({
      email: `analytics-${n}@example.com`,
      passwordHash: 'x',
      isVerified: true,
      timeZone: 'Europe/Paris',
    })
    .returning();
  if (!user) throw new Error('no user');
  const [account] = await db
    .insert(linkedinAccounts)
    .values({
      userId: user.id,
      liAtSealed: vault.seal(`li-at-${n}`),
      profileUrn: `urn:li:fsd_profile:ACoAA${n}`,
      publicIdentifier: `member-${n}`,
      memberName: `Member ${n}`,
    })
    .returning();
  if (!account) throw new Error('no account');
  const leadsPerCampaign = Math.ceil(actions / ACTIONS_PER_LEAD / campaigns);
  for (let c = 0; c < campaigns; c++) {
    await db.execute(sql`
      WITH campaign AS (
        INSERT INTO campaigns (user_id, name, goal, tone, engagement_value, engagement_window_days,
                               template_id, connection_requests_per_day, withdraw_after_days, send_time,
                               timezone_label, time_zone, exclude_first_degree, exclude_no_picture, actions,
                               status, lead_count, steps_total)
        VALUES (${user.id}::uuid, ${`Campaign ${c}`}, 'Book a Meeting',
                ${c % 2 === 0 ? 'Friendly, Approachable' : 'Professional, Formal'}, 7, 3, ${1 + (c % 3)},
                10, 7, 'Weekdays during working hours', '(UTC) Coordinated Universal Time', 'UTC', false,
                false, '[]'::jsonb, 'running', ${leadsPerCampaign}, ${leadsPerCampaign * 7})
        RETURNING id
      )
      INSERT INTO campaign_leads (campaign_id, user_id, name, linkedin_url, state, messages_state, approval)
      SELECT campaign.id, ${user.id}::uuid, 'Person ' || n,
             'https://www.linkedin.com/in/p-' || campaign.id || '-' || n, 'finished', 'ready', 'approved'
        FROM campaign, generate_series(1, ${leadsPerCampaign}) AS n`);
  }
  const leads = rowsOf<{ id: string | number; campaign_id: string | number }>(
    await db.execute(sql`SELECT id, campaign_id FROM campaign_leads WHERE user_id = ${user.id} ORDER BY id`),
  ).map((row) => ({ id: Number(row.id), campaignId: Number(row.campaign_id) }));
  return { userId: user.id, accountId: account.id, leads, actions };
};

const runOne = async (databaseUrl: string): Promise<void> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-analytics-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const database = await openDatabase(config);
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const services = await startServices(config, database, quiet, { engine: false });
  const { deps } = services;
  const db = database.db;
  const app = await buildApp(deps);
  await app.ready();
  const now = deps.clock.now().getTime();

  const seedStart = performance.now();
  const owners = [await seedOwner(db, deps.vault, 0, BUSY_CAMPAIGNS, BUSY_ACTIONS)];
  for (let n = 1; n <= OTHER_USERS; n++)
    owners.push(await seedOwner(db, deps.vault, n, OTHER_CAMPAIGNS, OTHER_ACTIONS));
  await copyRows(
    db,
    {
      table: 'activity_log',
      columns: [
        'user_id',
        'account_id',
        'campaign_id',
        'campaign_lead_id',
        'action',
        'outcome',
        'created_at',
      ],
    },
    activityChunks(owners, now),
  );
  // As autovacuum (PostgreSQL) or the periodic VACUUM (PGlite) leaves tables after a million inserted rows:
  // the rollup's pages marked all-visible, so its covering indexes are read without the table.
  for (const table of ['activity_log', 'outreach_counts', 'outreach_lead_spans'])
    await db.execute(sql`VACUUM ANALYZE ${sql.identifier(table)}`);
  await db.execute(sql`ANALYZE`);
  const [counts] = rowsOf<{ actions: string; busy: string; month: string }>(
    await db.execute(sql`SELECT (SELECT count(*) FROM activity_log) AS actions,
      (SELECT count(*) FROM activity_log WHERE user_id = ${owners[0]?.userId}) AS busy,
      (SELECT count(*) FROM activity_log WHERE user_id = ${owners[0]?.userId}
         AND created_at >= ${new Date(now - 30 * DAY_MS).toISOString()}) AS month`),
  );
  console.log(
    `\nAnalytics bench (${database.kind}): ${Number(counts?.actions).toLocaleString('en-US')} outreach actions, ` +
      `the measured user's ${Number(counts?.busy).toLocaleString('en-US')} (${Number(counts?.month).toLocaleString('en-US')} ` +
      `in the last 30 days), seeded by COPY in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
  );

  const busy = owners[0];
  if (!busy) throw new Error('no busy user');
  const [me] = await db.select().from(users).where(sql`${users.id} = ${busy.userId}`);
  if (!me) throw new Error('no user row');
  const { accessToken } = await startSession(deps, me, { ip: '127.0.0.1', userAgent: 'bench' });
  const campaignId = busy.leads[0]?.campaignId;
  const call = (query: string) => async () => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/analytics/outreach${query}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (answer.statusCode !== 200) throw new Error(`analytics answered ${answer.statusCode}: ${answer.body}`);
  };
  const calls: [string, () => Promise<void>][] = [
    ['analytics, last 30 days by day (the default)', call('')],
    ['analytics, last 90 days by week', call(`?bucket=week&from=${isoDay(now - 89 * DAY_MS)}`)],
    ['analytics, one campaign, last 30 days', call(`?campaign_ids=${campaignId}`)],
    ['analytics, a whole year by week', call(`?bucket=week&from=${isoDay(now - 364 * DAY_MS)}`)],
  ];
  const p95s = new Map<string, number[]>(calls.map(([label]) => [label, []]));
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    console.log(
      `repeat ${repeat} of ${REPEATS} (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    const health = await measure('GET /api/health (baseline)', () =>
      app.inject({ method: 'GET', url: '/api/health' }),
    );
    const bare = await measure('SELECT 1 on the same database (baseline)', () => db.execute(sql`SELECT 1`));
    for (const [label, run] of calls) {
      const result = await measure(label, run);
      p95s.get(label)?.push(result.p95);
      console.log(
        `${''.padEnd(4)}p50 ×${(result.p50 / health.p50).toFixed(1)} of health, ×${(result.p50 / bare.p50).toFixed(1)} of SELECT 1`,
      );
    }
    console.log('');
  }
  for (const [label, values] of p95s) {
    const sorted = [...values].sort((a, b) => a - b);
    const met = sorted.filter((v) => v <= GOAL_P95_MS).length;
    console.log(
      `${label.padEnd(58)} p95 ${sorted[0]?.toFixed(1)}–${sorted[sorted.length - 1]?.toFixed(1)} ms over ${REPEATS} repeats; ` +
        `goal ≤ ${GOAL_P95_MS} ms${database.kind === 'postgres' ? '' : ' (set for PostgreSQL)'}: met in ${met} of ${REPEATS}`,
    );
  }
  await measureInserts(db, busy);
  await app.close();
  await services.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
};

/**
 * What the rollup's triggers add to the engine's writes: one action logged per INSERT, as the engine does,
 * with the triggers and then without (disabled on this bench database only, at its end: the rows written
 * then are not in the rollup, and nothing is measured after).
 */
const measureInserts = async (db: Db, owner: Owner): Promise<void> => {
  const lead = owner.leads[0];
  if (!lead) return;
  const insertOne = () =>
    db.execute(sql`INSERT INTO activity_log (user_id, account_id, campaign_id, campaign_lead_id, action, outcome)
                   VALUES (${owner.userId}, ${owner.accountId}, ${lead.campaignId}, ${lead.id}, 'view_profile', 'Viewed the profile')`);
  const options = { rounds: INSERTS, width: 58 };
  const withTriggers = await measureCalls(
    'one action logged (INSERT), rollup triggers on',
    insertOne,
    options,
  );
  await db.execute(sql`ALTER TABLE activity_log DISABLE TRIGGER activity_log_rollup_insert`);
  const without = await measureCalls('one action logged (INSERT), rollup triggers off', insertOne, options);
  console.log(
    `${''.padEnd(4)}the triggers add ${(withTriggers.p50 - without.p50).toFixed(2)} ms at p50 to each logged action\n`,
  );
};

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** BENCH_ANALYTICS_POSTGRES_ONLY=1 (with DATABASE_URL) leaves the PGlite half out, for a quicker run. */
const POSTGRES_ONLY = Boolean(process.env.BENCH_ANALYTICS_POSTGRES_ONLY && process.env.DATABASE_URL);

export const runAnalyticsBench = async (): Promise<void> => {
  await onBothDatabases('analytics bench', async (databaseUrl) => {
    if (!databaseUrl && POSTGRES_ONLY) return console.log('BENCH_ANALYTICS_POSTGRES_ONLY: PGlite left out');
    await runOne(databaseUrl);
  });
};
