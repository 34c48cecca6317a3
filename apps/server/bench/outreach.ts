/**
 * Outreach bench (part of `npm run bench`): 100 campaigns with 100,000 leads in total, each lead with
 * its history of settled steps and one waiting step. The engine's sweep is timed with nothing due,
 * with 1,000 steps due and with 10,000 due, against a bare query on the same database in the same run:
 * its cost must follow the due steps, not the size of the tables. Three repeats, on PGlite and, when
 * DATABASE_URL is set, on PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/open-database';
import { linkedinAccounts, users } from '../src/db/schema';
import { loadConfig } from '../src/env';
import { sweepDueAccounts } from '../src/modules/outreach/sweep';
import { startServices } from '../src/start-services';
import { onBothDatabases } from './on-both-databases';
import { measureCalls } from './timing';

const ACCOUNTS = 10;
const CAMPAIGNS_PER_ACCOUNT = 10;
const LEADS_PER_CAMPAIGN = 1000;
const ROUNDS = 200;

const measure = (label: string, run: () => Promise<unknown>) =>
  measureCalls(label, run, { rounds: ROUNDS, width: 52 });

/** The idle sweep's goal (it must cost what is due, not the size of the tables). */
const IDLE_GOAL_MS = 50;
/** The sweeps are measured this many times, for the spread. */
const REPEATS = 3;

const runOne = async (databaseUrl: string): Promise<void> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-outreach-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const database = await openDatabase(config);
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const services = await startServices(config, database, quiet, { engine: false });
  const { deps } = services;
  const db = database.db;
  const now = deps.clock.now();

  const seedStart = performance.now();
  for (let a = 0; a < ACCOUNTS; a++) {
    const [user] = await db
      .insert(users)
      .values({ email: `outreach-${a}@example.com`, passwordHash: 'x', isVerified: true })
      .returning();
    if (!user) throw new Error('no user');
    const [account] = await db
      .insert(linkedinAccounts)
      .values({
        userId: user.id,
        liAtSealed: deps.vault.seal(`li-at-${a}`),
        profileUrn: `urn:li:fsd_profile:ACoAA${a}`,
        publicIdentifier: `member-${a}`,
        memberName: `Member ${a}`,
      })
      .returning();
    if (!account) throw new Error('no account');
    for (let c = 0; c < CAMPAIGNS_PER_ACCOUNT; c++) {
      // Leads half-way through the plan: three settled steps each and the next one due in 1 to 20 days.
      await db.execute(sql`
        WITH campaign AS (
          INSERT INTO campaigns (user_id, name, goal, tone, engagement_value, engagement_window_days,
                                 template_id, connection_requests_per_day, withdraw_after_days, send_time,
                                 timezone_label, time_zone, exclude_first_degree, exclude_no_picture, actions,
                                 status, lead_count, steps_total, launched_at)
          VALUES (${user.id}::uuid, ${`Campaign ${c}`}, 'Book a Meeting', 'Friendly, Approachable', 7, 3, 1,
                  10, 7, 'Weekdays during working hours', '(UTC) Coordinated Universal Time', 'UTC', false,
                  false, '[]'::jsonb, 'running', ${LEADS_PER_CAMPAIGN}, ${LEADS_PER_CAMPAIGN * 7},
                  ${now.toISOString()}::timestamptz)
          RETURNING id
        ), lead AS (
          INSERT INTO campaign_leads (campaign_id, user_id, name, linkedin_url, state, messages_state, approval,
                                      steps_done)
          SELECT campaign.id, ${user.id}::uuid, 'Person ' || n,
                 'https://www.linkedin.com/in/p-' || campaign.id || '-' || n, 'post_commented', 'ready',
                 'approved', 3
            FROM campaign, generate_series(1, ${LEADS_PER_CAMPAIGN}) AS n
          RETURNING id, campaign_id
        ), history AS (
          INSERT INTO outreach_steps (campaign_lead_id, campaign_id, account_id, action, state, due_at, attempt)
          SELECT lead.id, lead.campaign_id, ${account.id}::uuid, step.action, 'done',
                 ${now.toISOString()}::timestamptz - interval '20 days', 1
            FROM lead, (VALUES ('view_profile'), ('like_post'), ('comment_post')) AS step(action)
        )
        INSERT INTO outreach_steps (campaign_lead_id, campaign_id, account_id, action, state, due_at)
        SELECT lead.id, lead.campaign_id, ${account.id}::uuid, 'send_invitation', 'scheduled',
               ${now.toISOString()}::timestamptz + (1 + lead.id % 20) * interval '1 day'
          FROM lead`);
    }
  }
  await db.execute(sql`ANALYZE`);
  const [counts] = (
    (await db.execute(sql`SELECT (SELECT count(*) FROM campaigns) AS campaigns,
      (SELECT count(*) FROM campaign_leads) AS leads, (SELECT count(*) FROM outreach_steps) AS steps`)) as unknown as {
      rows: { campaigns: number; leads: number; steps: number }[];
    }
  ).rows;
  console.log(
    `\nOutreach bench (${database.kind}): ${counts?.campaigns} campaigns, ${counts?.leads} leads, ` +
      `${counts?.steps} steps (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)\n`,
  );

  const sweep = () => sweepDueAccounts(deps);
  const makeDue = async (n: number) => {
    await db.execute(sql`
      UPDATE outreach_steps SET due_at = ${now.toISOString()}::timestamptz - interval '1 minute'
       WHERE id IN (SELECT id FROM outreach_steps WHERE state = 'scheduled' ORDER BY id LIMIT ${n})`);
    await db.execute(sql`ANALYZE outreach_steps`);
  };
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(1)}`;
  // Each repeat starts with nothing due again, then makes 1,000 and 10,000 steps due.
  const idleRuns: number[] = [];
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    console.log(`repeat ${repeat} of ${REPEATS} (load average ${loadavg()[0]?.toFixed(1)})`);
    await db.execute(sql`
      UPDATE outreach_steps SET due_at = ${now.toISOString()}::timestamptz + (1 + id % 20) * interval '1 day'
       WHERE state = 'scheduled'`);
    await db.execute(sql`ANALYZE outreach_steps`);
    const baseline = await measure('SELECT 1 on the same database (baseline)', () =>
      db.execute(sql`SELECT 1`),
    );
    const idle = await measure('engine sweep, nothing due', sweep);
    await makeDue(1000);
    const due1k = await measure('engine sweep, 1,000 steps due (10 accounts)', sweep);
    await makeDue(10_000);
    const due10k = await measure('engine sweep, 10,000 steps due (10 accounts)', sweep);
    idleRuns.push(idle.p50);
    console.log(
      `sweep vs one raw query (p50): idle ${ratio(idle.p50, baseline.p50)}, 1,000 due ${ratio(due1k.p50, baseline.p50)}, ` +
        `10,000 due ${ratio(due10k.p50, baseline.p50)}\n`,
    );
  }
  idleRuns.sort((a, b) => a - b);
  const met = idleRuns.filter((ms) => ms < IDLE_GOAL_MS).length;
  console.log(
    `idle sweep p50 over ${REPEATS} repeats: ${idleRuns[0]?.toFixed(2)}–${idleRuns.at(-1)?.toFixed(2)} ms   goal under ${IDLE_GOAL_MS} ms: ${met === REPEATS ? 'met' : 'NOT met'} (${met} of ${REPEATS})`,
  );

  await services.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
};

/** On the embedded database, then on PostgreSQL when DATABASE_URL is set. */
export const runOutreachBench = (): Promise<void> => onBothDatabases('outreach bench', runOne);
