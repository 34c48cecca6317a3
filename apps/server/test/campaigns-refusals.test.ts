import { CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinAccounts } from '../src/db/schema';
import {
  API,
  campaignPayload,
  connectLinkedIn,
  createCampaign,
  grantCredits,
  markMessagesReady,
  recordingJobs,
  seedCampaign,
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

const deleteList = (user: SeededUser, id: number) =>
  h.call('DELETE', `${API}/delete_list?id=${id}`, { token: user.accessToken });
const launch = (user: SeededUser, id: number) =>
  h.call('PUT', `${API}/launch_campaign`, { token: user.accessToken, body: { id, unapproved: 'approve' } });

describe('delete_list names the campaign that holds the list, and what to do', () => {
  it('answers for a Draft, a running and a paused campaign in turn', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    const { campaignId, listId } = await seedCampaign(h, user, 2, { campaign_name: 'Spring push' });

    const draft = await deleteList(user, listId);
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toEqual({
      error: 'conflict',
      message:
        'Can\'t delete list: the campaign "Spring push" (Draft) uses it. Delete the campaign from Outreach → Campaigns first, then the list.',
    });

    await markMessagesReady(h, campaignId);
    expect((await launch(user, campaignId)).statusCode).toBe(200);
    expect((await deleteList(user, listId)).json().message).toBe(
      'Can\'t delete list: the campaign "Spring push" (On Going) uses it. Pause and delete the campaign from Outreach → Campaigns, or wait until it has finished.',
    );

    const paused = await h.call('PUT', `${API}/pause_campaign`, {
      token: user.accessToken,
      body: { id: campaignId },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await deleteList(user, listId)).json().message).toBe(
      'Can\'t delete list: the campaign "Spring push" (Campaign Paused) uses it. Delete the campaign from Outreach → Campaigns first (its activity history is kept), then the list.',
    );
  });
});

describe('create_campaign and launch_campaign give LinkedIn’s real reason', () => {
  const accountIs = (user: SeededUser, change: Partial<typeof linkedinAccounts.$inferInsert>) =>
    h.deps.db.update(linkedinAccounts).set(change).where(eq(linkedinAccounts.userId, user.user.id));

  it('throttled: linkedin_throttled with when it ends, never expired', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    const { campaignId } = await seedCampaign(h, user, 2);
    await markMessagesReady(h, campaignId);
    const list = await seedCampaignList(h, user.user.id, 2);
    await grantCredits(h, user.user.id, 50);
    const until = new Date(Date.now() + 3 * 3_600_000);
    await accountIs(user, { status: 'throttled', backoffUntil: until });

    const expected = {
      error: 'linkedin_throttled',
      message: `LinkedIn asked this account to slow down: outreach can start again after ${until
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ')} UTC`,
      retry_at: until.toISOString(),
    };
    const created = await createCampaign(h, user, campaignPayload(list.id));
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual(expected);
    const launched = await launch(user, campaignId);
    expect(launched.statusCode).toBe(409);
    expect(launched.json()).toEqual(expected);

    // Once the rest is over, the account is usable again.
    await accountIs(user, { backoffUntil: new Date(Date.now() - 1000) });
    expect((await launch(user, campaignId)).statusCode).toBe(200);
  });

  it('challenged: linkedin_challenge with what to do; expired: expired true (the li_at dialog)', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    const { campaignId } = await seedCampaign(h, user, 2);
    await markMessagesReady(h, campaignId);
    await accountIs(user, { status: 'challenge', backoffUntil: new Date(Date.now() + 3_600_000) });
    const challenged = await launch(user, campaignId);
    expect(challenged.statusCode).toBe(409);
    expect(challenged.json()).toEqual({
      error: 'linkedin_challenge',
      message: CAMPAIGN_MESSAGES.linkedinChallenge,
    });

    await accountIs(user, { status: 'expired', backoffUntil: null });
    const expired = await launch(user, campaignId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({
      error: 'linkedin_expired',
      message: CAMPAIGN_MESSAGES.linkedinExpired,
      expired: true,
    });
  });
});
