import type { TCampaignLeadsResponse } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, connectLinkedIn, seedCampaign } from './support/campaign-factories';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
// The real job queue and its 'write-campaign-messages' worker (the offline writer); no outreach engine.
beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());

describe('create_campaign and the message job', () => {
  it('the leads show "Loading" until the job has written them, then Messages Ready, and the campaign launches', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    const { campaignId } = await seedCampaign(h, user, 4);
    const page = async () =>
      (
        await h.call('GET', `${API}/get_campaign_leads?id=${campaignId}&page=1&limit=10`, {
          token: user.accessToken,
        })
      ).json<TCampaignLeadsResponse>();

    let current = await page();
    for (let i = 0; i < 300 && !current.campaign['Messages Ready']; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await page();
    }
    expect(current.campaign['Messages Ready']).toBe(true);
    for (const lead of current.result) {
      expect(lead['Your Communication']).not.toBe('Loading');
      expect(lead['Your Communication'].length).toBeGreaterThan(0);
    }
    const approved = await h.call('PUT', `${API}/approve_all_messages`, {
      token: user.accessToken,
      body: { id: campaignId },
    });
    expect(approved.json().approved).toBe(4);
    const launched = await h.call('PUT', `${API}/launch_campaign`, {
      token: user.accessToken,
      body: { id: campaignId },
    });
    expect(launched.json()).toEqual({ message: 'Campaign Launched', Status: 'On Going' });
  });
});
