import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, campaignLeads, linkedinAccounts, type OutreachAction, users } from '../src/db/schema';
import { rowsOf } from '../src/db/sql-rows';
import { fixedClock } from '../src/lib/core/clock';
import { analyticsPeriod, bucketsOf } from '../src/modules/analytics/analytics-period';
import { directFunnelRows, type FunnelFilter, type FunnelRow } from '../src/modules/analytics/funnel-query';
import { funnelRows, rollupFunnelStatement } from '../src/modules/analytics/funnel-rollup';
import { rollupPieces } from '../src/modules/analytics/rollup-pieces';
import { deleteCampaign } from '../src/modules/campaigns/delete-campaign';
import { insertCampaignRow } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectLinkedIn } from './support/outreach-factories';

// Sunday 29 March 2026 12:00 UTC: Paris moved its clocks this morning, so the periods hold a 23-hour day.
const NOW = new Date('2026-03-29T12:00:00Z');
const DAY_MS = 86_400_000;
let h: Harness;
let owner: SeededUser;
let other: SeededUser;
const campaignIds: number[] = [];
let accountId: string;

/** A small deterministic generator (mulberry32): every run writes the same random log. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const random = seeded(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** An action and the outcome the engine writes for it (accepted or not, replied or not). */
const ACTS: [OutreachAction, string][] = [
  ['view_profile', 'Viewed the profile'],
  ['like_post', 'Liked the post'],
  ['comment_post', 'Commented'],
  ['send_invitation', 'Sent a connection request'],
  ['check_invitation', 'The connection request was accepted'],
  ['check_invitation', 'Withdrew the connection request (not accepted within 7 day(s))'],
  ['follow_up_1', 'Sent follow-up 1'],
  ['follow_up_2', 'Sent follow-up 2'],
  ['check_reply', 'Reply received: "Sure"'],
  ['check_reply', 'No reply: the outreach to this lead is finished'],
];

const insertCampaign = (userId: string, n: number): Promise<number> =>
  insertCampaignRow(h, userId, {
    name: `Campaign ${n % 3}`, // names repeat: deleted campaigns of one name share their log rows' name
    tone: n % 2 === 0 ? 'Friendly, Approachable' : 'Professional, Formal',
    templateId: n % 3,
    status: 'paused',
  });

/** Leads with random actions at random minutes over the last 100 days, some in one INSERT, some one by one. */
const seedLog = async (user: SeededUser, account: string | null, campaignsOf: number[], leads: number) => {
  for (let n = 0; n < leads; n++) {
    const campaignId = pick(campaignsOf);
    const [lead] = await h.deps.db
      .insert(campaignLeads)
      .values({
        campaignId,
        userId: user.user.id,
        name: `Lead ${n}`,
        linkedinUrl: `https://www.linkedin.com/in/l-${n}`,
      })
      .returning({ id: campaignLeads.id });
    if (!lead) throw new Error('no lead');
    const start = NOW.getTime() - Math.floor(random() * 100 * DAY_MS);
    const rows = Array.from({ length: 1 + Math.floor(random() * 7) }, () => {
      const [action, outcome] = pick(ACTS);
      return {
        userId: user.user.id,
        accountId: random() < 0.9 ? account : null,
        campaignId,
        campaignLeadId: lead.id,
        action,
        outcome,
        createdAt: new Date(Math.min(start + Math.floor(random() * 45 * DAY_MS), NOW.getTime())),
      };
    });
    if (n % 2 === 0) await h.deps.db.insert(activityLog).values(rows);
    else for (const row of rows) await h.deps.db.insert(activityLog).values(row);
  }
  // Prospect Research reads: profile views of no campaign, which the funnel leaves out.
  await h.deps.db.insert(activityLog).values(
    Array.from({ length: 20 }, (_, i) => ({
      userId: user.user.id,
      accountId: account,
      action: 'view_profile' as const,
      outcome: 'Viewed the profile',
      createdAt: new Date(NOW.getTime() - i * 3 * DAY_MS),
    })),
  );
};

const ZONES = [
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
];
const QUERIES: { bucket: 'day' | 'week'; from?: string; to?: string }[] = [
  { bucket: 'day' },
  { bucket: 'week', from: '2025-12-30' },
  { bucket: 'day', from: '2026-02-03', to: '2026-02-09' },
  { bucket: 'week', from: '2026-01-14', to: '2026-03-04' },
];

/** A day or week of no counted action is left out of the chart's rows either way (over_time shows it as 0s). */
const STAGE_KEYS = [
  'viewed',
  'liked',
  'commented',
  'invited',
  'accepted',
  'messaged',
  'replied',
  'interested',
] as const;
const sorted = (rows: FunnelRow[]) =>
  rows
    .filter((row) => row.set !== 'bucket' || STAGE_KEYS.some((key) => Number(row[key]) !== 0))
    .map((row) =>
      JSON.stringify(
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)])),
      ),
    )
    .sort();

/** Every zone, period and filter: the rollup's figures and the log's own count, row for row. */
const expectRollupEqualsLog = async (userId: string, filters: Omit<FunnelFilter, 'userId'>[]) => {
  let compared = 0;
  for (const zone of ZONES)
    for (const query of QUERIES)
      for (const filter of filters) {
        const period = analyticsPeriod(query, zone, NOW);
        const starts = bucketsOf(period).map((bucket) => bucket.start);
        const asked = { userId, ...filter };
        const fromRollup = await funnelRows(h.deps.db, asked, period, starts);
        const fromLog = await directFunnelRows(h.deps.db, asked, period, starts);
        expect(sorted(fromRollup), `${zone} ${JSON.stringify(query)} ${JSON.stringify(filter)}`).toEqual(
          sorted(fromLog),
        );
        compared += fromLog.length;
      }
  return compared;
};

/** The triggers' tables hold exactly what a count of the whole log gives. */
const expectTablesEqualRecount = async () => {
  const [diff] = rowsOf<{ counts: string; spans: string }>(
    await h.deps.db.execute(sql`
      with recount as (
        select a.user_id, s.grain, date_bin(s.width, a.created_at, s.origin) as span_start,
               a.campaign_id, a.campaign_name, a.account_id, a.funnel_stage, count(*)::int as actions
        from activity_log a
        cross join outreach_rollup_grains() as s (grain, width, origin)
        where a.funnel_stage > 0 and (a.campaign_id is not null or a.campaign_name is not null)
        group by 1, 2, 3, 4, 5, 6, 7
      ), spans as (
        select user_id, campaign_id, campaign_name, account_id, campaign_lead_id,
               case when campaign_lead_id is null then lead_linkedin_url end as lead_linkedin_url,
               min(created_at) as first_at, max(created_at) as last_at, count(*)::int as actions
        from activity_log where campaign_id is not null or campaign_name is not null
        group by 1, 2, 3, 4, 5, 6
      )
      select
        (select count(*) from ((select * from recount except all
                                select user_id, grain, span_start, campaign_id, campaign_name, account_id, funnel_stage, actions from outreach_counts)
                               union all
                               (select user_id, grain, span_start, campaign_id, campaign_name, account_id, funnel_stage, actions from outreach_counts
                                except all select * from recount)) d) as counts,
        (select count(*) from ((select * from spans except all
                                select user_id, campaign_id, campaign_name, account_id, campaign_lead_id, lead_linkedin_url, first_at, last_at, actions from outreach_lead_spans)
                               union all
                               (select user_id, campaign_id, campaign_name, account_id, campaign_lead_id, lead_linkedin_url, first_at, last_at, actions from outreach_lead_spans
                                except all select * from spans)) d) as spans`),
  );
  expect({ counts: Number(diff?.counts), spans: Number(diff?.spans) }).toEqual({ counts: 0, spans: 0 });
};

beforeAll(async () => {
  h = await startHarness({ deps: { clock: fixedClock(NOW) }, engine: false });
  owner = await seedUser(h);
  other = await seedUser(h);
  ({
    account: { id: accountId },
  } = await connectLinkedIn(h, owner));
  const { account: otherAccount } = await connectLinkedIn(h, other);
  for (let n = 0; n < 5; n++) campaignIds.push(await insertCampaign(owner.user.id, n));
  await seedLog(owner, accountId, campaignIds, 160);
  await seedLog(other, otherAccount.id, [await insertCampaign(other.user.id, 9)], 20);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the outreach rollup', () => {
  it('cuts a local day into UTC days, hours and quarter-hours, and leaves a period off the quarter-hours to the log', () => {
    const paris = analyticsPeriod(
      { bucket: 'day', from: '2026-03-10', to: '2026-03-10' },
      'Europe/Paris',
      NOW,
    );
    const pieces =
      rollupPieces(
        paris,
        bucketsOf(paris).map((bucket) => bucket.start),
      ) ?? [];
    // 23:00 UTC to 23:00 UTC: the 10th's whole day, less its last hour, plus the 9th's last hour.
    expect(pieces.map((piece) => [piece.grain, new Date(piece.start).toISOString(), piece.sign])).toEqual([
      [60, '2026-03-09T23:00:00.000Z', 1],
      [1440, '2026-03-10T00:00:00.000Z', 1],
      [60, '2026-03-10T23:00:00.000Z', -1],
    ]);
    const monrovia = analyticsPeriod(
      { bucket: 'day', from: '1971-03-01', to: '1971-03-02' },
      'Africa/Monrovia',
      NOW,
    );
    expect(
      rollupPieces(
        monrovia,
        bucketsOf(monrovia).map((bucket) => bucket.start),
      ),
    ).toBeNull();
  });

  it('answers what a count of the log answers, in every zone, period and filter, on random actions', async () => {
    await expectTablesEqualRecount();
    const compared = await expectRollupEqualsLog(owner.user.id, [
      { campaignIds: [], accountIds: [] },
      { campaignIds: [campaignIds[0] ?? 0, campaignIds[3] ?? 0], accountIds: [] },
      { campaignIds: [], accountIds: [accountId] },
    ]);
    expect(compared).toBeGreaterThan(300);
  });

  it('reads the rollup off its indexes alone once vacuumed (the key carries the count, the spans index the lead)', async () => {
    await h.deps.db.execute(sql`VACUUM ANALYZE outreach_counts`);
    await h.deps.db.execute(sql`VACUUM ANALYZE outreach_lead_spans`);
    const period = analyticsPeriod({ bucket: 'week', from: '2025-12-30' }, 'Europe/Paris', NOW);
    const starts = bucketsOf(period).map((bucket) => bucket.start);
    const statement = rollupFunnelStatement(
      { userId: owner.user.id, campaignIds: [], accountIds: [] },
      period,
      starts,
    );
    if (!statement) throw new Error('a Paris period is on the quarter-hours: the rollup answers it');
    // The test's tables are small enough to be read whole: with that and bitmap scans off, the planner reads an
    // index alone only where the index holds every column the statement needs.
    const plan = await h.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`EXPLAIN ${statement}`))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan, plan).toContain('Index Only Scan using outreach_counts_key on outreach_counts');
    expect(plan, plan).toContain('Index Only Scan using outreach_lead_spans_last_idx on outreach_lead_spans');
  });

  it('stays equal when an action is reworded or removed, a lead or a campaign is deleted, or the account goes', async () => {
    const [first] = await h.deps.db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(eq(activityLog.campaignId, campaignIds[1] ?? 0))
      .limit(1);
    // The inbox reads a reply on a check the engine had logged as none.
    await h.deps.db.execute(sql`
      update activity_log set outcome = 'Reply received: "Later"'
       where user_id = ${owner.user.id} and action = 'check_reply' and outcome like 'No reply%'`);
    await h.deps.db.delete(activityLog).where(eq(activityLog.id, first?.id ?? 0));
    const [lead] = await h.deps.db
      .select({ id: campaignLeads.id })
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaignIds[2] ?? 0))
      .limit(1);
    await h.deps.db.delete(campaignLeads).where(eq(campaignLeads.id, lead?.id ?? 0));
    await deleteCampaign(h.deps, owner.user.id, { id: campaignIds[0] ?? 0 });
    await deleteCampaign(h.deps, owner.user.id, { id: campaignIds[3] ?? 0 }); // the same name as campaign 0
    await expectTablesEqualRecount();
    await expectRollupEqualsLog(owner.user.id, [{ campaignIds: [], accountIds: [] }]);
    await h.deps.db.delete(linkedinAccounts).where(eq(linkedinAccounts.id, accountId));
    await expectTablesEqualRecount();
    await expectRollupEqualsLog(owner.user.id, [{ campaignIds: [], accountIds: [] }]);
  });

  it("takes a deleted user's figures out with their log", async () => {
    await h.deps.db.delete(users).where(eq(users.id, owner.user.id));
    await expectTablesEqualRecount();
    const [left] = rowsOf<{ counts: string; spans: string }>(
      await h.deps.db.execute(sql`
        select (select count(*) from outreach_counts where user_id = ${owner.user.id}) as counts,
               (select count(*) from outreach_lead_spans where user_id = ${owner.user.id}) as spans`),
    );
    expect({ counts: Number(left?.counts), spans: Number(left?.spans) }).toEqual({ counts: 0, spans: 0 });
    await expectRollupEqualsLog(other.user.id, [{ campaignIds: [], accountIds: [] }]);
  });
});
