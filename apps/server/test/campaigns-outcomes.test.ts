import type { TCampaign, TCampaignLeadsResponse } from '@sales-assist/contract';
import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, lists } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { API, campaignLeadIds, markMessagesReady, seedCampaign } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  findPeople,
  leadsOf,
  playEngine,
  seedLaunchedCampaign,
} from './support/outreach-factories';

// A Monday, 10:00 UTC: every plan day is a Monday in working hours.
const START = new Date('2026-03-02T10:00:00Z');
const DAY = 86_400_000;
const clock = fixedClock(START);
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

/**
 * Leads at addresses LinkedIn answers 404 for (a public identifier has at least 3 characters, so no
 * one lives at /in/q1): the profile view fails and the lead cannot go on.
 */
const gone = (count: number): PersonSummary[] =>
  Array.from(
    { length: count },
    (_, i) =>
      ({
        name: `Gone Person ${i + 1}`,
        headline: 'Former Head of Sales',
        location: 'Paris',
        company: 'Vanished Ltd',
        connectionDegree: '2nd',
        profileUrl: `https://www.linkedin.com/in/q${i + 1}`,
        pictureUrl: null,
      }) as unknown as PersonSummary,
  );

const listed = async (user: SeededUser, campaignId: number): Promise<TCampaign | undefined> => {
  const answer = await h.call('GET', `${API}/fetch_campaigns?page=1&limit=50`, { token: user.accessToken });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ campaigns: TCampaign[] }>().campaigns.find((row) => row.ID === campaignId);
};

const summaryOf = async (user: SeededUser, campaignId: number) => {
  const answer = await h.call('GET', `${API}/get_campaign_leads?id=${campaignId}&page=1&limit=10`, {
    token: user.accessToken,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TCampaignLeadsResponse>().campaign;
};

describe('how a campaign turns out', () => {
  it('is Failed, with the most common reason and the failed count, when no lead could be reached', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { account } = await connectLinkedIn(h, user);
    const { campaign, list } = await seedLaunchedCampaign(h, clock, user, account, gone(3));
    await playEngine(h, clock, account.id, new Date(START.getTime() + 2 * DAY));

    const leads = await leadsOf(h, campaign.id);
    expect(leads.map((lead) => lead.state)).toEqual(['failed', 'failed', 'failed']);
    const reason = 'No lead could be reached: This profile is not on LinkedIn any more (all 3 failed leads)';
    expect(await listed(user, campaign.id)).toMatchObject({
      Status: 'Failed',
      'Status Reason': reason,
      'Campaign Progress': 100,
      'Failed Leads': 3,
    });
    expect(await summaryOf(user, campaign.id)).toMatchObject({ Status: 'Failed', 'Status Reason': reason });
    // A failed campaign frees its list like a finished one, and cannot be launched again.
    const [freed] = await h.deps.db.select().from(lists).where(eq(lists.id, list.id));
    expect(freed?.status).toBe('ready');
    const relaunch = await h.call('PUT', `${API}/launch_campaign`, {
      token: user.accessToken,
      body: { id: campaign.id },
    });
    expect(relaunch.statusCode).toBe(409);
  });

  it('is Finished when at least one lead got an action done, and counts the leads that failed', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const [reachable] = findPeople(h, liAt, 1, (p) => !p.traits.refusesNotes);
    if (!reachable) throw new Error('no person');
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, [reachable, ...gone(2)]);
    await playEngine(h, clock, account.id, new Date(START.getTime() + 60 * DAY));
    // Back to a time the user's access token is valid at.
    clock.set(START);

    expect(await listed(user, campaign.id)).toMatchObject({
      Status: 'Finished',
      'Status Reason': '',
      'Campaign Progress': 100,
      'Failed Leads': 2,
    });
  });
});

describe('Campaign Progress counts actions done from the launch on', () => {
  it('a Draft stays at 0% whatever is skipped; skipped leads never count as work done', async () => {
    clock.set(START);
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    const { campaignId } = await seedCampaign(h, user, 12);
    await markMessagesReady(h, campaignId);
    const [first = 0] = await campaignLeadIds(h, campaignId);
    const skipped = await h.call('PUT', `${API}/skip_lead_message`, {
      token: user.accessToken,
      body: { id: first },
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(await listed(user, campaignId)).toMatchObject({ Status: 'Draft', 'Campaign Progress': 0 });
    expect((await summaryOf(user, campaignId))['Campaign Progress']).toBe(0);

    const launched = await h.call('PUT', `${API}/launch_campaign`, {
      token: user.accessToken,
      body: { id: campaignId, unapproved: 'approve' },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    // Launched, nothing done yet: still 0%, although the skipped lead's 7 steps are counted as passed.
    expect(await listed(user, campaignId)).toMatchObject({ Status: 'On Going', 'Campaign Progress': 0 });

    // The engine passes one step of each of the 11 leads left: 11 of 77 steps.
    await h.deps.db
      .update(campaigns)
      .set({ stepsDone: 7 + 11 })
      .where(eq(campaigns.id, campaignId));
    expect((await listed(user, campaignId))?.['Campaign Progress']).toBe(14);
  });
});
