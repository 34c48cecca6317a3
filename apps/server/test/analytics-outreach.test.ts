import type { TOutreachAnalyticsResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  campaignLeads,
  type LinkedInAccountRow,
  type OutreachAction,
  users,
} from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { insertCampaignRow } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectLinkedIn } from './support/outreach-factories';

// Tuesday 10 March 2026, 12:00 UTC: New York is at UTC−4 since Sunday 8 March (its clocks changed).
const NOW = new Date('2026-03-10T12:00:00Z');
const clock = fixedClock(NOW);
const URL = '/api/analytics/outreach';
let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;
let account: LinkedInAccountRow;
let campaignA: number;
let campaignB: number;

const ACCEPTED = 'The connection request was accepted';

const insertCampaign = (
  userId: string,
  fields: { name: string; tone: string; templateId: number; templateName?: string },
): Promise<number> => insertCampaignRow(h, userId, fields);

type Act = [action: OutreachAction, at: string, outcome?: string];

/** A lead of the campaign and what the engine did for it, at known instants. */
const leadWith = async (campaignId: number, slug: string, acts: Act[]): Promise<void> => {
  const [lead] = await h.deps.db
    .insert(campaignLeads)
    .values({
      campaignId,
      userId: owner.user.id,
      name: slug,
      linkedinUrl: `https://www.linkedin.com/in/${slug}`,
    })
    .returning({ id: campaignLeads.id });
  if (!lead) throw new Error('no lead');
  await h.deps.db.insert(activityLog).values(
    acts.map(([action, at, outcome]) => ({
      userId: owner.user.id,
      accountId: account.id,
      campaignId,
      campaignLeadId: lead.id,
      action,
      outcome: outcome ?? `Did ${action}`,
      createdAt: new Date(at),
    })),
  );
};

const get = async (user: SeededUser, query = '') => {
  const res = await h.call('GET', `${URL}${query}`, { token: user.accessToken });
  return res;
};
const figures = async (query = '', user = owner): Promise<TOutreachAnalyticsResponse> => {
  const res = await get(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TOutreachAnalyticsResponse>();
};

beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  ({ account } = await connectLinkedIn(h, owner));
  campaignA = await insertCampaign(owner.user.id, {
    name: 'Spring push',
    tone: 'Friendly, Approachable',
    templateId: 1,
  });
  campaignB = await insertCampaign(owner.user.id, {
    name: 'Founders',
    tone: 'Professional, Formal',
    templateId: 0,
    templateName: 'Warm intro',
  });
  // Campaign A: every stage once, a second lead accepted and messaged, one withdrawn, one only viewed.
  await leadWith(campaignA, 'ann', [
    ['view_profile', '2026-03-02T12:00:00Z'],
    ['like_post', '2026-03-03T12:00:00Z'],
    ['comment_post', '2026-03-04T12:00:00Z'],
    ['send_invitation', '2026-03-05T12:00:00Z'],
    ['check_invitation', '2026-03-06T12:00:00Z', ACCEPTED],
    ['follow_up_1', '2026-03-09T12:00:00Z'],
    ['follow_up_2', '2026-03-10T09:00:00Z'],
    ['check_reply', '2026-03-10T10:00:00Z', 'Reply received: "Sounds good, call me"'],
  ]);
  await leadWith(campaignA, 'bob', [
    ['view_profile', '2026-03-02T13:00:00Z'],
    ['send_invitation', '2026-03-05T13:00:00Z'],
    ['check_invitation', '2026-03-06T13:00:00Z', ACCEPTED],
    ['follow_up_1', '2026-03-09T13:00:00Z'],
  ]);
  await leadWith(campaignA, 'cat', [
    ['view_profile', '2026-03-02T14:00:00Z'],
    ['send_invitation', '2026-03-05T14:00:00Z'],
    [
      'check_invitation',
      '2026-03-09T14:00:00Z',
      'Withdrew the connection request (not accepted within 7 day(s))',
    ],
  ]);
  await leadWith(campaignA, 'dan', [['view_profile', '2026-03-10T08:00:00Z']]);
  // Campaign B: its invitation at 03:30 UTC on 5 March is still 4 March in New York (UTC−5 then).
  await leadWith(campaignB, 'eve', [
    ['view_profile', '2026-03-03T12:00:00Z'],
    ['send_invitation', '2026-03-05T03:30:00Z'],
  ]);
  await leadWith(campaignB, 'fay', [
    ['view_profile', '2026-03-03T13:00:00Z'],
    ['like_post', '2026-03-04T13:00:00Z'],
  ]);
  // Ann's reply was labelled Interested in the inbox on 10 March; Bob's Later label is not counted.
  await h.deps.db
    .update(campaignLeads)
    .set({ label: 'interested', labelledAt: new Date('2026-03-10T15:00:00Z') })
    .where(eq(campaignLeads.name, 'ann'));
  await h.deps.db
    .update(campaignLeads)
    .set({ label: 'later', labelledAt: new Date('2026-03-10T15:00:00Z') })
    .where(eq(campaignLeads.name, 'bob'));
  // Before the default period (the last 30 days): counted only when the period reaches back to it.
  await leadWith(campaignB, 'gus', [['view_profile', '2026-01-20T12:00:00Z']]);
  // A Prospect Research read: a profile view of no campaign, counted against the caps but not in the funnel.
  await h.deps.db.insert(activityLog).values({
    userId: owner.user.id,
    accountId: account.id,
    action: 'view_profile',
    outcome: 'Viewed the profile of Ivy (Prospect Research)',
    createdAt: new Date('2026-03-10T11:00:00Z'),
  });
  // A deleted campaign's action stays in the log under its name.
  await h.deps.db.insert(activityLog).values({
    userId: owner.user.id,
    accountId: account.id,
    campaignId: null,
    campaignLeadId: null,
    campaignName: 'Old push',
    leadName: 'Hal',
    leadLinkedinUrl: 'https://www.linkedin.com/in/hal',
    action: 'view_profile',
    outcome: 'Viewed the profile of Hal',
    createdAt: new Date('2026-03-04T12:00:00Z'),
  });
});
afterAll(() => h.close());

describe('GET /api/analytics/outreach', () => {
  it('counts the funnel of the last 30 days with its rates and their counts', async () => {
    const body = await figures('?zone=UTC');
    expect(body.period).toEqual({ from: '2026-02-09', to: '2026-03-10', zone: 'UTC', bucket: 'day' });
    expect(body.funnel).toEqual({
      leads: 7,
      viewed: 7,
      liked: 2,
      commented: 1,
      invited: 4,
      accepted: 2,
      messaged: 2,
      replied: 1,
      interested: 1,
    });
    expect(body.rates).toEqual({
      acceptance: { count: 2, of: 4, percent: 50 },
      reply: { count: 1, of: 2, percent: 50 },
    });
  });

  it('answers the same per campaign (a deleted one under its name), per account, template and tone', async () => {
    const body = await figures('?zone=UTC');
    expect(
      body.by_campaign.map((row) => [row.campaign_id, row.name, row.leads, row.invited, row.interested]),
    ).toEqual([
      [campaignA, 'Spring push', 4, 3, 1],
      [campaignB, 'Founders', 2, 1, 0],
      [null, 'Old push', 1, 0, 0],
    ]);
    expect(body.by_account[0]?.interested).toBe(1);
    const spring = body.by_campaign[0];
    expect(spring?.rates.acceptance).toEqual({ count: 2, of: 3, percent: 66.7 });
    expect(spring?.rates.reply).toEqual({ count: 1, of: 2, percent: 50 });
    expect(body.by_campaign[1]?.rates.acceptance).toEqual({ count: 0, of: 1, percent: 0 });
    expect(body.by_campaign[1]?.rates.reply).toEqual({ count: 0, of: 0, percent: null });
    expect(body.by_account).toHaveLength(1);
    expect(body.by_account[0]).toMatchObject({ account_id: account.id, name: account.memberName, leads: 7 });
    expect(body.by_template.map((row) => [row.template, row.leads, row.accepted])).toEqual([
      ['Compliment, Relate and Sell', 4, 2],
      ['Warm intro', 2, 0],
      ['Deleted campaigns', 1, 0],
    ]);
    expect(body.by_tone.map((row) => [row.tone, row.leads])).toEqual([
      ['Friendly, Approachable', 4],
      ['Professional, Formal', 2],
      ['Deleted campaigns', 1],
    ]);
  });

  it('buckets days in the asked zone: an action at 03:30 UTC is the day before in New York', async () => {
    const utc = await figures('?zone=UTC&from=2026-03-04&to=2026-03-05');
    expect(utc.over_time).toEqual([
      { bucket: '2026-03-04', invited: 0, accepted: 0, messaged: 0, replied: 0 },
      { bucket: '2026-03-05', invited: 4, accepted: 0, messaged: 0, replied: 0 },
    ]);
    const newYork = await figures('?zone=America/New_York&from=2026-03-04&to=2026-03-05');
    expect(newYork.over_time).toEqual([
      { bucket: '2026-03-04', invited: 1, accepted: 0, messaged: 0, replied: 0 },
      { bucket: '2026-03-05', invited: 3, accepted: 0, messaged: 0, replied: 0 },
    ]);
    // The period's own bounds are local midnights too: 5 March in New York leaves that invitation out.
    const fifth = await figures('?zone=America/New_York&from=2026-03-05&to=2026-03-05');
    expect(fifth.funnel.invited).toBe(3);
  });

  it("reads days in the user's zone from Settings when none is asked", async () => {
    await h.deps.db.update(users).set({ timeZone: 'America/New_York' }).where(eq(users.id, owner.user.id));
    try {
      const body = await figures('?from=2026-03-05&to=2026-03-05');
      expect(body.period.zone).toBe('America/New_York');
      expect(body.funnel.invited).toBe(3);
    } finally {
      await h.deps.db.update(users).set({ timeZone: null }).where(eq(users.id, owner.user.id));
    }
  });

  it('groups by week from Monday, every week of the period listed', async () => {
    const body = await figures('?zone=UTC&bucket=week&from=2026-03-01&to=2026-03-10');
    expect(body.over_time).toEqual([
      { bucket: '2026-02-23', invited: 0, accepted: 0, messaged: 0, replied: 0 },
      { bucket: '2026-03-02', invited: 4, accepted: 2, messaged: 0, replied: 0 },
      { bucket: '2026-03-09', invited: 0, accepted: 0, messaged: 2, replied: 1 },
    ]);
  });

  it('narrows to campaigns and accounts, and reaches back when the period does', async () => {
    const onlyB = await figures(`?zone=UTC&campaign_ids=${campaignB}`);
    expect(onlyB.funnel).toMatchObject({ leads: 2, viewed: 2, liked: 1, invited: 1 });
    const both = await figures(`?zone=UTC&campaign_ids=${campaignA},${campaignB}&account_ids=${account.id}`);
    expect(both.funnel.leads).toBe(6);
    const longer = await figures(`?zone=UTC&from=2026-01-01&campaign_ids=${campaignB}`);
    expect(longer.funnel.viewed).toBe(3);
  });

  it("shows each account's actions today against its daily caps", async () => {
    const body = await figures('?zone=UTC');
    expect(body.accounts_today).toHaveLength(1);
    const caps = new Map(body.accounts_today[0]?.caps.map((cap) => [cap.label, cap]));
    expect(caps.get('Profile views')).toEqual({ label: 'Profile views', used: 2, cap: 80 });
    expect(caps.get('Follow-ups')).toEqual({ label: 'Follow-ups', used: 1, cap: 40 });
    expect(caps.get('Reply checks')).toEqual({ label: 'Reply checks', used: 1, cap: 100 });
    expect(caps.get('Connection requests')).toEqual({ label: 'Connection requests', used: 0, cap: 10 });
    expect(caps.get('Connection requests in 7 days')).toEqual({
      label: 'Connection requests in 7 days',
      used: 4,
      cap: 50,
    });
  });

  it('answers zeros, and every day of the period, to a user without outreach', async () => {
    const body = await figures('?zone=UTC', stranger);
    expect(Object.values(body.funnel).every((n) => n === 0)).toBe(true);
    expect(body.rates.acceptance).toEqual({ count: 0, of: 0, percent: null });
    expect(body.by_campaign).toEqual([]);
    expect(body.accounts_today).toEqual([]);
    expect(body.over_time).toHaveLength(30);
    expect(body.over_time.every((point) => point.invited === 0)).toBe(true);
  });

  it("answers 404 for another user's campaign or account, as for a missing one", async () => {
    expect((await get(stranger, `?campaign_ids=${campaignA}`)).statusCode).toBe(404);
    expect((await get(stranger, `?account_ids=${account.id}`)).statusCode).toBe(404);
    expect((await get(owner, `?campaign_ids=${campaignA},999999999`)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and the reason, never a 500', async () => {
    const cases = [
      '?zone=Mars/Olympus',
      '?from=2026-03-10&to=2026-03-01',
      '?from=2020-01-01&to=2026-03-01',
      '?from=10-03-2026',
      '?from=2026-02-30',
      '?from=0000-01-01&to=0000-12-31',
      '?from=9999-12-01&to=9999-12-31&zone=America/New_York',
      '?bucket=month',
      '?campaign_ids=abc',
      '?account_ids=not-a-uuid',
      `?campaign_ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
    ];
    for (const query of cases) {
      const res = await get(owner, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect((await h.call('GET', URL)).statusCode).toBe(401);
  });
});
