import { CAMPAIGN_ACTIONS, CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLeads, campaigns, creditLedger, linkedinAccounts, lists } from '../src/db/schema';
import {
  API,
  campaignPayload,
  campaignRow,
  connectLinkedIn,
  createCampaign,
  grantCredits,
  recordingJobs,
  seedCampaignList,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const jobs = recordingJobs();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { jobs }, engine: false });
});
afterAll(() => h.close());

/** A user with LinkedIn connected, `credits` credits and a list of `leadCount` leads. */
const readyUser = async (credits = 50, leadCount = 3) => {
  const user = await seedUser(h);
  await connectLinkedIn(h, user);
  if (credits) await grantCredits(h, user.user.id, credits);
  const list = await seedCampaignList(h, user.user.id, leadCount);
  return { user, list };
};

const balanceOf = async (user: SeededUser) =>
  (await h.call('GET', '/api/me', { token: user.accessToken })).json<{ credits: number }>().credits;

describe('create_campaign validation', () => {
  let user: SeededUser;
  let listId: number;
  beforeAll(async () => {
    ({
      user,
      list: { id: listId },
    } = await readyUser());
  });
  const refused = async (overrides: Record<string, unknown>, message: string) => {
    const response = await createCampaign(h, user, campaignPayload(listId, overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  };

  it.each([
    ['campaign_name', CAMPAIGN_MESSAGES.giveName],
    ['campaign_goal', CAMPAIGN_MESSAGES.selectGoal],
    ['message_tone', CAMPAIGN_MESSAGES.selectTone],
    ['days_post_engagement', CAMPAIGN_MESSAGES.selectEngagementDays],
    ['message', CAMPAIGN_MESSAGES.selectTemplate],
    ['connection_request_per_day', CAMPAIGN_MESSAGES.connectionRequestsRange],
    ['withdraw_after', CAMPAIGN_MESSAGES.withdrawAfterRange],
    ['time', CAMPAIGN_MESSAGES.selectSendTime],
    ['timezone', CAMPAIGN_MESSAGES.selectTimezone],
    ['list_id', CAMPAIGN_MESSAGES.selectList],
  ])('%s missing or empty answers the step-4/5 text', async (field, message) => {
    await refused({ [field]: undefined }, message);
    await refused({ [field]: '' }, message);
    await refused({ [field]: '   ' }, message);
  });

  it('checks the step-4 fields in the order of the spec', async () => {
    await refused({ campaign_name: '', campaign_goal: '', message: '' }, CAMPAIGN_MESSAGES.giveName);
    await refused({ campaign_goal: '', message_tone: '' }, CAMPAIGN_MESSAGES.selectGoal);
    await refused({ message_tone: '', days_post_engagement: '' }, CAMPAIGN_MESSAGES.selectTone);
    await refused({ days_post_engagement: '', message: '' }, CAMPAIGN_MESSAGES.selectEngagementDays);
  });

  it.each([0, 11, -1, 2.5, 'ten'])('connection requests per day %s is out of 1–10', async (value) => {
    await refused({ connection_request_per_day: value }, CAMPAIGN_MESSAGES.connectionRequestsRange);
  });

  it.each([0, 8, 1.5, 'x'])('withdraw after %s is out of 1–7', async (value) => {
    await refused({ withdraw_after: value }, CAMPAIGN_MESSAGES.withdrawAfterRange);
  });

  it('refuses options the wizard does not offer', async () => {
    await refused({ campaign_goal: 'Sell everything' }, CAMPAIGN_MESSAGES.selectGoal);
    await refused({ message_tone: 'Angry' }, CAMPAIGN_MESSAGES.selectTone);
    await refused({ days_post_engagement: '3 days' }, CAMPAIGN_MESSAGES.selectEngagementDays);
    await refused({ message: 'Write anything you like' }, CAMPAIGN_MESSAGES.selectTemplate);
    await refused({ time: 'Weekends' }, CAMPAIGN_MESSAGES.selectSendTime);
    await refused({ timezone: 'Mars/Olympus' }, CAMPAIGN_MESSAGES.selectTimezone);
    await refused({ source: 'Facebook' }, CAMPAIGN_MESSAGES.invalidSource);
    await refused({ connection_degree: 2 }, 'connection_degree must be 0 or 1');
    await refused({ isProfilePic: 5 }, 'isProfilePic must be 0 or 1');
  });

  it('refuses an action plan that is not the spec’s, and takes it in any order', async () => {
    const plan = CAMPAIGN_ACTIONS.map((step) => ({ ...step }));
    for (const actions of [
      [],
      plan.slice(1),
      [...plan, { action: 'view profile', day: 0 }],
      plan.map((step, i) => (i === 2 ? { ...step, day: 15 } : step)),
      plan.map((step, i) => (i === 0 ? { ...step, action: 'send inmail' } : step)),
    ]) {
      await refused({ actions }, CAMPAIGN_MESSAGES.invalidActions);
    }
    const reversed = await createCampaign(
      h,
      user,
      campaignPayload(listId, {
        actions: [...plan].reverse().map((s) => ({ ...s, action: s.action.toUpperCase() })),
      }),
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
  });
});

describe('create_campaign preconditions', () => {
  it('needs a LinkedIn session: none at all, or an expired one, answers 409 with expired: true', async () => {
    const user = await seedUser(h);
    await grantCredits(h, user.user.id, 50);
    const list = await seedCampaignList(h, user.user.id, 2);
    const expected = {
      error: 'linkedin_expired',
      message: 'Your LinkedIn session has expired: save a new li_at to go on',
      expired: true,
    };
    const none = await createCampaign(h, user, campaignPayload(list.id));
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual(expected);

    await connectLinkedIn(h, user);
    await h.deps.db
      .update(linkedinAccounts)
      .set({ status: 'expired' })
      .where(eq(linkedinAccounts.userId, user.user.id));
    const expired = await createCampaign(h, user, campaignPayload(list.id));
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual(expected);
    expect(await balanceOf(user)).toBe(50);
  });

  it('a session LinkedIn has expired is refused once the app has checked it', async () => {
    const user = await seedUser(h);
    await grantCredits(h, user.user.id, 50);
    const list = await seedCampaignList(h, user.user.id, 2);
    const liAt = await connectLinkedIn(h, user);
    h.services.sandbox?.control.expireSession(liAt);
    // The last check is long ago, so the next li_at_expired asks LinkedIn (the sandbox) again.
    await h.deps.db
      .update(linkedinAccounts)
      .set({ lastCheckedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(linkedinAccounts.userId, user.user.id));
    const check = await h.call('GET', `${API}/li_at_expired`, { token: user.accessToken });
    expect(check.json().expired).toBe(true);
    const response = await createCampaign(h, user, campaignPayload(list.id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'linkedin_expired', expired: true });
  });

  it('the list must be the caller’s, not importing and not in a campaign already', async () => {
    const { user } = await readyUser(200);
    const missing = await createCampaign(h, user, campaignPayload(987_654));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'List not found' });

    const importing = await seedCampaignList(h, user.user.id, 2, { status: 'importing' });
    const busy = await createCampaign(h, user, campaignPayload(importing.id));
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.listImporting });

    const taken = await seedCampaignList(h, user.user.id, 2, { status: 'in_campaign' });
    const twice = await createCampaign(h, user, campaignPayload(taken.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.listInCampaign });
    expect(await balanceOf(user)).toBe(200);
  });

  it('without 50 credits answers 402 and writes nothing', async () => {
    const { user, list } = await readyUser(49);
    const response = await createCampaign(h, user, campaignPayload(list.id));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      error: 'insufficient_credits',
      message: CAMPAIGN_MESSAGES.notEnoughCredits,
    });
    expect(await h.deps.db.select().from(campaigns).where(eq(campaigns.userId, user.user.id))).toEqual([]);
    const [stored] = await h.deps.db.select().from(lists).where(eq(lists.id, list.id));
    expect(stored?.status).toBe('ready');
    expect(await balanceOf(user)).toBe(49);
  });

  it('no lead left after the exclusions answers 409 with nothing written and no credit spent', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await grantCredits(h, user.user.id, 50);
    const list = await seedCampaignList(h, user.user.id, [{ degree: '1st' }, { picture: null }]);
    const response = await createCampaign(
      h,
      user,
      campaignPayload(list.id, { connection_degree: 1, isProfilePic: 1 }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.noLeadsLeft });
    expect(await h.deps.db.select().from(campaigns).where(eq(campaigns.userId, user.user.id))).toEqual([]);
    expect(
      await h.deps.db.select().from(campaignLeads).where(eq(campaignLeads.userId, user.user.id)),
    ).toEqual([]);
    expect(await balanceOf(user)).toBe(50);
    const [stored] = await h.deps.db.select().from(lists).where(eq(lists.id, list.id));
    expect(stored?.status).toBe('ready');
    const empty = await seedCampaignList(h, user.user.id, 0);
    expect((await createCampaign(h, user, campaignPayload(empty.id))).json().message).toBe(
      CAMPAIGN_MESSAGES.noLeadsLeft,
    );
  });
});

describe('create_campaign', () => {
  const seeds = [
    { degree: '1st' },
    { degree: '2nd' },
    { degree: '3rd+', picture: null },
    { degree: '1st degree', picture: '' },
    { degree: 'DISTANCE_1' },
    { degree: '2nd', picture: 'None' },
    { degree: 'Out of network' },
    { degree: '' },
  ];

  it('campaign_lead_count shows step 2’s number with the same exclusions as the copy', async () => {
    const user = await seedUser(h);
    const list = await seedCampaignList(h, user.user.id, seeds);
    const count = async (degree: number, pic: number) =>
      (
        await h.call(
          'GET',
          `${API}/campaign_lead_count?list_id=${list.id}&connection_degree=${degree}&isProfilePic=${pic}`,
          { token: user.accessToken },
        )
      ).json();
    expect(await count(0, 0)).toEqual({ leads: 8, total: 8 });
    expect(await count(1, 0)).toEqual({ leads: 5, total: 8 });
    expect(await count(0, 1)).toEqual({ leads: 5, total: 8 });
    expect(await count(1, 1)).toEqual({ leads: 3, total: 8 });
    const bad = await h.call('GET', `${API}/campaign_lead_count?list_id=${list.id}&isProfilePic=3`, {
      token: user.accessToken,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('isProfilePic must be 0 or 1');
    const missing = await h.call('GET', `${API}/campaign_lead_count?list_id=99999999`, {
      token: user.accessToken,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('copies the leads left after the exclusions, charges 50 credits, and the list is "In a campaign"', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await grantCredits(h, user.user.id, 120);
    const list = await seedCampaignList(h, user.user.id, seeds, { name: 'Growth leaders' });
    const response = await createCampaign(
      h,
      user,
      campaignPayload(list.id, {
        campaign_name: '  Spring outreach  ',
        connection_degree: 1,
        isProfilePic: 1,
        days_post_engagement: '2 days',
        message:
          'Let AI write a short, personal message from their profile, kept warm and human, ending with a soft ask.',
        timezone: '(PST) Pacific Time (US & Canada)',
        connection_request_per_day: '4',
        withdraw_after: 3,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ message: string; campaign_id: number; credits: number }>();
    expect(answer).toEqual({
      message: CAMPAIGN_MESSAGES.created,
      campaign_id: expect.any(Number),
      credits: 70,
    });
    expect(await balanceOf(user)).toBe(70);
    const ledger = await h.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, user.user.id));
    expect(ledger.map((entry) => [entry.amount, entry.reason])).toEqual([
      [120, 'test_grant'],
      [-50, 'campaign'],
    ]);

    const campaign = await campaignRow(h, answer.campaign_id);
    expect(campaign).toMatchObject({
      name: 'Spring outreach',
      listId: list.id,
      status: 'draft',
      source: 'LinkedIn',
      engagementValue: 2,
      engagementWindowDays: 15,
      templateId: 3,
      connectionRequestsPerDay: 4,
      withdrawAfterDays: 3,
      timezoneLabel: '(PST) Pacific Time (US & Canada)',
      timeZone: 'America/Los_Angeles',
      excludeFirstDegree: true,
      excludeNoPicture: true,
      leadCount: 3,
      stepsTotal: 21,
      stepsDone: 0,
      messagesPending: 3,
    });
    expect(campaign.actions).toHaveLength(CAMPAIGN_ACTIONS.length);
    const copied = await h.deps.db
      .select()
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaign.id))
      .orderBy(campaignLeads.id);
    expect(copied.map((lead) => lead.connectionDegree)).toEqual(['2nd', 'Out of network', '']);
    expect(copied.every((lead) => lead.messagesState === 'writing' && lead.approval === 'pending')).toBe(
      true,
    );

    const listPage = await h.call('GET', '/api/linkedinAI/search_lists?query=growth', {
      token: user.accessToken,
    });
    expect(listPage.json().lists[0].status).toBe('In a campaign');
    expect(jobs.sent).toContainEqual({
      name: 'write-campaign-messages',
      data: { campaignId: campaign.id },
      options: { singletonKey: `campaign-${campaign.id}` },
    });
  });

  it('stores no picture as null so the lead row answers "None"', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await grantCredits(h, user.user.id, 50);
    const list = await seedCampaignList(h, user.user.id, [{ picture: 'None' }, { picture: '' }, {}]);
    const created = await createCampaign(h, user, campaignPayload(list.id));
    const id = created.json().campaign_id;
    const page = await h.call('GET', `${API}/get_campaign_leads?id=${id}`, { token: user.accessToken });
    expect(page.json().result.map((lead: Record<string, string>) => lead['Profile Image URL'])).toEqual([
      'None',
      'None',
      'https://media.example.com/p/3.jpg',
    ]);
  });

  it('two requests at once with credits for one campaign: one is created, the other gets 402', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await grantCredits(h, user.user.id, 80);
    const first = await seedCampaignList(h, user.user.id, 2);
    const second = await seedCampaignList(h, user.user.id, 2);
    const answers = await Promise.all([
      createCampaign(h, user, campaignPayload(first.id)),
      createCampaign(h, user, campaignPayload(second.id)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect(await balanceOf(user)).toBe(30);
    expect(await h.deps.db.select().from(campaigns).where(eq(campaigns.userId, user.user.id))).toHaveLength(
      1,
    );
  });

  it('two requests at once with exactly 50 credits leave the balance at 0', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await grantCredits(h, user.user.id, 30);
    await grantCredits(h, user.user.id, 20);
    const lists3 = await Promise.all([1, 2, 3].map(() => seedCampaignList(h, user.user.id, 1)));
    const answers = await Promise.all(
      lists3.map((list) => createCampaign(h, user, campaignPayload(list.id))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402, 402]);
    expect(await balanceOf(user)).toBe(0);
  });
});
