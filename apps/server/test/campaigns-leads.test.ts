import { CAMPAIGN_MESSAGES, type TCampaignLead, type TCampaignLeadsResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, campaignLeads, campaigns, linkedinAccounts, outreachSteps } from '../src/db/schema';
import {
  API,
  campaignLeadIds,
  campaignRow,
  connectLinkedIn,
  markMessagesReady,
  recordingJobs,
  seedCampaign,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let user: SeededUser;
beforeAll(async () => {
  h = await startHarness({ deps: { jobs: recordingJobs() }, engine: false });
  user = await seedUser(h);
  await connectLinkedIn(h, user);
});
afterAll(() => h.close());

const get = (url: string) => h.call('GET', url, { token: user.accessToken });
const put = (path: string, body: object) =>
  h.call('PUT', `${API}/${path}`, { token: user.accessToken, body });
const leadsPage = async (id: number, query = '') =>
  (await get(`${API}/get_campaign_leads?id=${id}${query}`)).json<TCampaignLeadsResponse>();

describe('get_campaign_leads', () => {
  it('pages the leads in list order (one-based) with the campaign summary, "Loading" while writing', async () => {
    const { campaignId } = await seedCampaign(h, user, 12, { campaign_name: 'Paging' });
    const ids = await campaignLeadIds(h, campaignId);
    const first = await leadsPage(campaignId, '&page=1&limit=5');
    expect(first.total).toBe(12);
    expect(first.campaign_name).toBe('Paging');
    expect(first.result.map((lead) => lead.ID)).toEqual(ids.slice(0, 5));
    expect(first.result[0]).toEqual({
      ID: ids[0],
      IsSelected: 0,
      'Profile Image URL': 'https://media.example.com/p/1.jpg',
      Leads: 'Person 1',
      Headline: 'Head of Growth at Company 1, building things people love every day',
      'Connection Degree': '2nd',
      'Your Communication': 'Loading',
      Status: 'Pending',
      Approval: 'Pending',
      'Linkedin URL': expect.stringMatching(/^https:\/\/www\.linkedin\.com\/in\/person-/),
    });
    expect(first.campaign).toMatchObject({
      ID: campaignId,
      Status: 'Draft',
      'Leads Count': 12,
      'Messages Ready': false,
      'Pending Approval': 12,
      'Connection Requests Per Day': 10,
      'Withdraw After': 7,
      Timezone: '(IST) Indian Standard Time',
    });
    expect((await leadsPage(campaignId, '&page=3&limit=5')).result.map((lead) => lead.ID)).toEqual(
      ids.slice(10),
    );
    expect((await leadsPage(campaignId, '&page=4&limit=5')).result).toEqual([]);
    expect((await leadsPage(campaignId)).result).toHaveLength(10);
    expect((await get(`${API}/get_campaign_leads?id=${campaignId}&page=0`)).statusCode).toBe(400);

    await markMessagesReady(h, campaignId);
    const ready = await leadsPage(campaignId, '&page=1&limit=1');
    expect(ready.result[0]?.['Your Communication']).toBe('Hi Person 1, glad to connect.');
    expect(ready.campaign['Messages Ready']).toBe(true);
  });

  it('shows every lead state in the spec’s words', async () => {
    const { campaignId } = await seedCampaign(h, user, 1);
    const [id] = await campaignLeadIds(h, campaignId);
    const words = [
      ['viewed_profile', 'Viewed Profile'],
      ['post_liked', 'Post Liked'],
      ['post_commented', 'Post Commented'],
      ['invitation_sent', 'Invitation Sent'],
      ['request_accepted', 'Request Accepted'],
      ['follow_up_1_sent', 'Follow-up 1 Sent'],
      ['follow_up_2_sent', 'Follow-up 2 Sent'],
      ['replied', 'Replied'],
      ['withdrawn', 'Request Withdrawn'],
      ['finished', 'Finished'],
      ['skipped', 'Skipped'],
      ['failed', 'Failed'],
    ] as const;
    for (const [state, word] of words) {
      await h.deps.db
        .update(campaignLeads)
        .set({ state })
        .where(eq(campaignLeads.id, id ?? 0));
      expect((await leadsPage(campaignId)).result[0]?.Status).toBe(word);
    }
  });
});

describe('select_campaign_lead and campaign_lead', () => {
  it('toggles a lead’s selection as 0 and 1', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    const [id] = await campaignLeadIds(h, campaignId);
    const select = () => put('select_campaign_lead', { id });
    expect((await select()).json()).toEqual({ message: CAMPAIGN_MESSAGES.leadSelected, IsSelected: 1 });
    expect((await leadsPage(campaignId)).result[0]?.IsSelected).toBe(1);
    expect((await select()).json()).toEqual({ message: CAMPAIGN_MESSAGES.leadUnselected, IsSelected: 0 });
    expect((await put('select_campaign_lead', { id: 99_999_999 })).json()).toEqual({
      error: 'not_found',
      message: CAMPAIGN_MESSAGES.leadNotFound,
    });
  });

  it('answers the lead with its messages (null while writing), comment and activity newest first', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    const [id = 0] = await campaignLeadIds(h, campaignId);
    const writing = (await get(`${API}/campaign_lead?id=${id}`)).json();
    expect(writing).toMatchObject({ messages: null, comment: null, status_reason: '', activity: [] });
    expect(writing.lead['Your Communication']).toBe('Loading');

    await markMessagesReady(h, campaignId);
    const [account] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, user.user.id));
    const actions = [
      'view_profile',
      'like_post',
      'comment_post',
      'send_invitation',
      'check_invitation',
      'follow_up_1',
      'follow_up_2',
      'check_reply',
    ] as const;
    await h.deps.db.insert(activityLog).values(
      actions.map((action, i) => ({
        userId: user.user.id,
        accountId: account?.id ?? null,
        campaignId,
        campaignLeadId: id,
        action,
        outcome: `outcome ${i}`,
        createdAt: new Date(Date.UTC(2026, 2, 1 + i)),
      })),
    );
    await h.deps.db
      .update(campaignLeads)
      .set({ comment: 'Great post!', stateReason: 'Profile not found' })
      .where(eq(campaignLeads.id, id));
    const detail = (await get(`${API}/campaign_lead?id=${id}`)).json();
    expect(detail.messages).toEqual({
      connection_note: 'Hi Person 1, glad to connect.',
      follow_up_1: 'Thanks for connecting, Person 1.',
      follow_up_2: 'One more thought, Person 1.',
    });
    expect(detail.comment).toBe('Great post!');
    expect(detail.status_reason).toBe('Profile not found');
    expect(detail.activity.map((entry: { action: string }) => entry.action)).toEqual([
      'Checked for a reply',
      'Sent follow-up 2',
      'Sent follow-up 1',
      'Checked invitation',
      'Sent connection request',
      'Commented on post',
      'Liked post',
      'Viewed profile',
    ]);
    expect(detail.activity[0]).toEqual({
      at: '2026-03-08T00:00:00.000Z',
      action: 'Checked for a reply',
      outcome: 'outcome 7',
    });
  });
});

describe('update_lead_messages', () => {
  it('refuses while writing, changes what is given, and never a message already sent', async () => {
    const { campaignId } = await seedCampaign(h, user, 1);
    const [id = 0] = await campaignLeadIds(h, campaignId);
    const loading = await put('update_lead_messages', { id, connection_note: 'Hello' });
    expect(loading.statusCode).toBe(409);
    expect(loading.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.messagesLoading });

    await markMessagesReady(h, campaignId);
    const updated = await put('update_lead_messages', {
      id,
      connection_note: 'Hello there',
      follow_up_2: 'Bye',
    });
    expect(updated.json()).toEqual({ message: CAMPAIGN_MESSAGES.messageUpdated });
    const [row] = await h.deps.db.select().from(campaignLeads).where(eq(campaignLeads.id, id));
    expect([row?.connectionNote, row?.followUp1, row?.followUp2, row?.approval]).toEqual([
      'Hello there',
      'Thanks for connecting, Person 1.',
      'Bye',
      'pending',
    ]);

    const tooLong = await put('update_lead_messages', { id, connection_note: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('connection_note must be at most 300 characters');

    await h.deps.db
      .update(campaignLeads)
      .set({ state: 'follow_up_1_sent', invitationSentAt: new Date() })
      .where(eq(campaignLeads.id, id));
    const note = await put('update_lead_messages', { id, connection_note: 'Changed' });
    expect(note.statusCode).toBe(409);
    expect(note.json().message).toBe(CAMPAIGN_MESSAGES.connectionNoteSent);
    const followUp = await put('update_lead_messages', { id, follow_up_1: 'Changed' });
    expect(followUp.json().message).toBe(CAMPAIGN_MESSAGES.followUp1Sent);
    // Sending the same text again changes nothing, so it is no refusal; follow-up 2 has not gone yet.
    const same = await put('update_lead_messages', {
      id,
      connection_note: 'Hello there',
      follow_up_2: 'Later',
    });
    expect(same.statusCode).toBe(200);
    const [after] = await h.deps.db.select().from(campaignLeads).where(eq(campaignLeads.id, id));
    expect(after?.followUp2).toBe('Later');
  });
});

describe('approve and skip', () => {
  it('refuse while the messages are being written', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    const [id] = await campaignLeadIds(h, campaignId);
    for (const path of ['approve_lead_message', 'skip_lead_message']) {
      const response = await put(path, { id });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(CAMPAIGN_MESSAGES.messagesLoading);
    }
    const all = await put('approve_all_messages', { id: campaignId });
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toBe(CAMPAIGN_MESSAGES.messagesLoading);
  });

  it('keep the campaign’s counters right through skip, approve-back and approve all', async () => {
    const { campaignId } = await seedCampaign(h, user, 3);
    await markMessagesReady(h, campaignId);
    const [a = 0, b = 0, c = 0] = await campaignLeadIds(h, campaignId);
    const lead = async (id: number): Promise<TCampaignLead | undefined> =>
      (await leadsPage(campaignId)).result.find((row) => row.ID === id);

    expect((await put('approve_lead_message', { id: a })).json()).toEqual({
      message: CAMPAIGN_MESSAGES.messageApproved,
    });
    expect((await lead(a))?.Approval).toBe('Approved');

    expect((await put('skip_lead_message', { id: b })).json()).toEqual({
      message: CAMPAIGN_MESSAGES.messageSkipped,
    });
    expect(await lead(b)).toMatchObject({ Status: 'Skipped', Approval: 'Skipped' });
    expect(await campaignRow(h, campaignId)).toMatchObject({ leadsDone: 1, stepsDone: 7, stepsTotal: 21 });
    const summary = (await leadsPage(campaignId)).campaign;
    // A Draft has done nothing yet: skipping a lead does not move its progress.
    expect([summary['Campaign Progress'], summary['Pending Approval']]).toEqual([0, 1]);
    // Skipping twice counts once.
    await put('skip_lead_message', { id: b });
    expect(await campaignRow(h, campaignId)).toMatchObject({ leadsDone: 1, stepsDone: 7 });

    // Draft: approving the skipped lead brings it back and takes back what skipping counted.
    await put('approve_lead_message', { id: b });
    expect(await lead(b)).toMatchObject({ Status: 'Pending', Approval: 'Approved' });
    expect(await campaignRow(h, campaignId)).toMatchObject({ leadsDone: 0, stepsDone: 0 });

    const all = await put('approve_all_messages', { id: campaignId });
    expect(all.json()).toEqual({ message: CAMPAIGN_MESSAGES.allApproved, approved: 1 });
    expect((await lead(c))?.Approval).toBe('Approved');
    expect((await put('approve_all_messages', { id: campaignId })).json().approved).toBe(0);
  });

  it('skips only before the first action, and brings a lead back only while Draft or Paused', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    await markMessagesReady(h, campaignId);
    const [a = 0, b = 0] = await campaignLeadIds(h, campaignId);
    await h.deps.db
      .update(campaignLeads)
      .set({ state: 'viewed_profile', stepsDone: 1 })
      .where(eq(campaignLeads.id, a));
    const late = await put('skip_lead_message', { id: a });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CAMPAIGN_MESSAGES.skipAfterStart);

    await put('skip_lead_message', { id: b });
    await h.deps.db.update(campaigns).set({ status: 'running' }).where(eq(campaigns.id, campaignId));
    const back = await put('approve_lead_message', { id: b });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(CAMPAIGN_MESSAGES.restoreWhileRunning);
    await h.deps.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, campaignId));
    expect((await put('approve_lead_message', { id: b })).statusCode).toBe(200);
    expect(await campaignRow(h, campaignId)).toMatchObject({ leadsDone: 0, stepsDone: 0 });
  });

  it('a skipped lead’s waiting steps are skipped, and removed when it comes back', async () => {
    const { campaignId } = await seedCampaign(h, user, 1);
    await markMessagesReady(h, campaignId);
    const [id = 0] = await campaignLeadIds(h, campaignId);
    const [account] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, user.user.id));
    await h.deps.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, campaignId));
    await h.deps.db.insert(outreachSteps).values({
      campaignLeadId: id,
      campaignId,
      accountId: account?.id ?? '',
      action: 'view_profile',
      state: 'paused',
      dueAt: new Date(),
    });
    await put('skip_lead_message', { id });
    const steps = () =>
      h.deps.db
        .select({ state: outreachSteps.state })
        .from(outreachSteps)
        .where(eq(outreachSteps.campaignLeadId, id));
    expect(await steps()).toEqual([{ state: 'skipped' }]);
    await put('approve_lead_message', { id });
    expect(await steps()).toEqual([]);
  });
});
