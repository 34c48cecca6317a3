import { CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLeads } from '../src/db/schema';
import {
  API,
  campaignLeadIds,
  campaignPayload,
  campaignRow,
  connectLinkedIn,
  grantCredits,
  markMessagesReady,
  recordingJobs,
  seedCampaign,
  seedCampaignList,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;
let campaignId: number;
let listId: number;
let leadId: number;
beforeAll(async () => {
  h = await startHarness({ deps: { jobs: recordingJobs() }, engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  await connectLinkedIn(h, owner);
  // The stranger could do all of it with their own things: LinkedIn, credits and a campaign.
  await connectLinkedIn(h, stranger);
  await grantCredits(h, stranger.user.id, 500);
  await seedCampaign(h, stranger, 1);
  ({ campaignId, listId } = await seedCampaign(h, owner, 2, { campaign_name: 'Secret campaign' }));
  await markMessagesReady(h, campaignId);
  [leadId = 0] = await campaignLeadIds(h, campaignId);
  const spare = await seedCampaignList(h, owner.user.id, 2);
  listId = spare.id;
});
afterAll(() => h.close());

const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  h.call(method, `${API}/${url}`, { token: stranger.accessToken, ...(body ? { body } : {}) });

describe("another user's campaigns and campaign leads answer 404", () => {
  it.each([
    ['select_campaign', () => as('POST', 'select_campaign', { id: campaignId })],
    ['get_campaign_leads', () => as('GET', `get_campaign_leads?id=${campaignId}&page=1&limit=10`)],
    ['rename_campaign', () => as('PUT', 'rename_campaign', { id: campaignId, name: 'Mine now' })],
    ['approve_all_messages', () => as('PUT', 'approve_all_messages', { id: campaignId })],
    ['launch_campaign', () => as('PUT', 'launch_campaign', { id: campaignId, unapproved: 'approve' })],
    ['pause_campaign', () => as('PUT', 'pause_campaign', { id: campaignId })],
  ])('%s with a campaign id', async (_name, call) => {
    const response = await call();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: CAMPAIGN_MESSAGES.campaignNotFound });
  });

  it.each([
    ['select_campaign_lead', () => as('PUT', 'select_campaign_lead', { id: leadId })],
    ['campaign_lead', () => as('GET', `campaign_lead?id=${leadId}`)],
    ['update_lead_messages', () => as('PUT', 'update_lead_messages', { id: leadId, connection_note: 'Hi' })],
    ['approve_lead_message', () => as('PUT', 'approve_lead_message', { id: leadId })],
    ['skip_lead_message', () => as('PUT', 'skip_lead_message', { id: leadId })],
  ])('%s with a campaign lead id', async (_name, call) => {
    const response = await call();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: CAMPAIGN_MESSAGES.leadNotFound });
  });

  it.each([
    ['create_campaign', () => as('POST', 'create_campaign', campaignPayload(listId))],
    ['campaign_lead_count', () => as('GET', `campaign_lead_count?list_id=${listId}`)],
  ])('%s with a list id', async (_name, call) => {
    const response = await call();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'List not found' });
  });

  it('the list calls show only the caller’s own campaigns, and nothing of the owner’s changed', async () => {
    const fetched = (await as('GET', 'fetch_campaigns?page=1&limit=100')).json();
    expect(fetched.total).toBe(1);
    expect(fetched.campaigns.map((c: { ID: number }) => c.ID)).not.toContain(campaignId);
    expect((await as('GET', 'search_campaigns?query=secret')).json()).toEqual({ lists: [] });

    expect(await campaignRow(h, campaignId)).toMatchObject({
      name: 'Secret campaign',
      status: 'draft',
      isSelected: false,
      leadsDone: 0,
    });
    const [lead] = await h.deps.db.select().from(campaignLeads).where(eq(campaignLeads.id, leadId));
    expect(lead).toMatchObject({ isSelected: false, approval: 'pending', state: 'pending' });
    expect(lead?.connectionNote).toBe('Hi Person 1, glad to connect.');
    const balance = (await h.call('GET', '/api/me', { token: stranger.accessToken })).json().credits;
    // 500 granted here, 50 by seedCampaign and spent on the stranger's own campaign: no other charge.
    expect(balance).toBe(500);
  });
});
