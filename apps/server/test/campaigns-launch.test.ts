import { CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLeads, campaigns, linkedinAccounts, outreachSteps } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
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

const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
const jobs = recordingJobs();
let h: Harness;
let user: SeededUser;
let accountId: string;
beforeAll(async () => {
  h = await startHarness({ deps: { jobs, clock }, engine: false });
  user = await seedUser(h);
  await connectLinkedIn(h, user);
  const [account] = await h.deps.db
    .select()
    .from(linkedinAccounts)
    .where(eq(linkedinAccounts.userId, user.user.id));
  accountId = account?.id ?? '';
});
afterAll(() => h.close());

const put = (path: string, body: object) =>
  h.call('PUT', `${API}/${path}`, { token: user.accessToken, body });
const launch = (id: number, unapproved?: string) =>
  put('launch_campaign', unapproved ? { id, unapproved } : { id });
const stepsOf = (campaignId: number) =>
  h.deps.db
    .select({ lead: outreachSteps.campaignLeadId, action: outreachSteps.action, state: outreachSteps.state })
    .from(outreachSteps)
    .where(eq(outreachSteps.campaignId, campaignId))
    .orderBy(outreachSteps.campaignLeadId);
const statusOf = async (campaignId: number) =>
  (await h.call('GET', `${API}/get_campaign_leads?id=${campaignId}`, { token: user.accessToken })).json()
    .campaign.Status;

const LAUNCHED = { message: 'Campaign Launched', Status: 'On Going' };

describe('launch_campaign', () => {
  it('refuses while messages are written, then while approvals wait and no choice is given', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    const writing = await launch(campaignId);
    expect(writing.statusCode).toBe(409);
    expect(writing.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.messagesLoading });
    await markMessagesReady(h, campaignId);
    const waiting = await launch(campaignId);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.unapprovedMessages });
    expect(await stepsOf(campaignId)).toEqual([]);
    expect(await statusOf(campaignId)).toBe('Draft');
    const bad = await launch(campaignId, 'maybe');
    expect(bad.statusCode).toBe(400);
  });

  it('with every message approved: one view_profile step per lead, On Going, the account’s runner woken', async () => {
    const { campaignId } = await seedCampaign(h, user, 3);
    await markMessagesReady(h, campaignId);
    await put('approve_all_messages', { id: campaignId });
    jobs.sent.length = 0;
    const launched = await launch(campaignId);
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json()).toEqual(LAUNCHED);
    const ids = await campaignLeadIds(h, campaignId);
    expect(await stepsOf(campaignId)).toEqual(
      ids.map((lead) => ({ lead, action: 'view_profile', state: 'scheduled' })),
    );
    expect(await statusOf(campaignId)).toBe('On Going');
    expect((await campaignRow(h, campaignId)).launchedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(jobs.sent).toEqual([
      { name: 'outreach-account', data: { accountId }, options: { singletonKey: accountId } },
    ]);
    // Launching a running campaign again changes nothing and answers the same.
    expect((await launch(campaignId)).json()).toEqual(LAUNCHED);
    expect(await stepsOf(campaignId)).toHaveLength(3);
  });

  it("unapproved 'approve' approves the waiting leads and starts them all", async () => {
    const { campaignId } = await seedCampaign(h, user, 3);
    await markMessagesReady(h, campaignId);
    const [a = 0] = await campaignLeadIds(h, campaignId);
    await put('skip_lead_message', { id: a });
    expect((await launch(campaignId, 'approve')).json()).toEqual(LAUNCHED);
    const steps = await stepsOf(campaignId);
    expect(steps).toHaveLength(2);
    expect(steps.map((step) => step.lead)).not.toContain(a);
    const approvals = await h.deps.db
      .select({ approval: campaignLeads.approval })
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaignId))
      .orderBy(campaignLeads.id);
    expect(approvals.map((row) => row.approval)).toEqual(['skipped', 'approved', 'approved']);
  });

  it("unapproved 'skip' skips the waiting leads and starts the approved ones", async () => {
    const { campaignId } = await seedCampaign(h, user, 3);
    await markMessagesReady(h, campaignId);
    const [a = 0, b = 0, c = 0] = await campaignLeadIds(h, campaignId);
    await put('approve_lead_message', { id: b });
    expect((await launch(campaignId, 'skip')).json()).toEqual(LAUNCHED);
    expect(await stepsOf(campaignId)).toEqual([{ lead: b, action: 'view_profile', state: 'scheduled' }]);
    const states = await h.deps.db
      .select({ id: campaignLeads.id, state: campaignLeads.state })
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaignId))
      .orderBy(campaignLeads.id);
    expect(states).toEqual([
      { id: a, state: 'skipped' },
      { id: b, state: 'pending' },
      { id: c, state: 'skipped' },
    ]);
    expect(await campaignRow(h, campaignId)).toMatchObject({ leadsDone: 2, stepsDone: 14, stepsTotal: 21 });
  });

  it('refuses when no approved lead is left, leaving nothing changed', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    await markMessagesReady(h, campaignId);
    const refused = await launch(campaignId, 'skip');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.noApprovedLeads });
    expect(await campaignRow(h, campaignId)).toMatchObject({ status: 'draft', leadsDone: 0, stepsDone: 0 });
    const pending = await h.deps.db
      .select()
      .from(campaignLeads)
      .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.approval, 'pending')));
    expect(pending).toHaveLength(2);
  });

  it('refuses a finished or failed campaign', async () => {
    const { campaignId } = await seedCampaign(h, user, 1);
    await h.deps.db.update(campaigns).set({ status: 'finished' }).where(eq(campaigns.id, campaignId));
    expect((await launch(campaignId)).json()).toEqual({
      error: 'conflict',
      message: CAMPAIGN_MESSAGES.campaignFinished,
    });
    await h.deps.db.update(campaigns).set({ status: 'failed' }).where(eq(campaigns.id, campaignId));
    expect((await launch(campaignId)).json()).toEqual({
      error: 'conflict',
      message: CAMPAIGN_MESSAGES.campaignFailed,
    });
  });

  it('needs a usable LinkedIn session (409 with expired: true)', async () => {
    const { campaignId } = await seedCampaign(h, user, 1);
    await markMessagesReady(h, campaignId);
    await h.deps.db
      .update(linkedinAccounts)
      .set({ status: 'expired' })
      .where(eq(linkedinAccounts.id, accountId));
    try {
      const refused = await launch(campaignId, 'approve');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'linkedin_expired',
        message: CAMPAIGN_MESSAGES.linkedinExpired,
        expired: true,
      });
      expect(await campaignRow(h, campaignId)).toMatchObject({ status: 'draft' });
      expect(await stepsOf(campaignId)).toEqual([]);
    } finally {
      await h.deps.db
        .update(linkedinAccounts)
        .set({ status: 'active' })
        .where(eq(linkedinAccounts.id, accountId));
    }
  });
});

describe('pause_campaign', () => {
  it('pauses the waiting steps, and a new launch resumes them', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    await markMessagesReady(h, campaignId);
    const notRunning = await put('pause_campaign', { id: campaignId });
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.notRunning });

    await launch(campaignId, 'approve');
    const paused = await put('pause_campaign', { id: campaignId });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ message: 'Campaign Paused', Status: 'Campaign Paused' });
    expect((await stepsOf(campaignId)).map((step) => step.state)).toEqual(['paused', 'paused']);
    expect(await statusOf(campaignId)).toBe('Campaign Paused');
    expect((await put('pause_campaign', { id: campaignId })).statusCode).toBe(409);

    clock.advance(60_000);
    expect((await launch(campaignId)).json()).toEqual(LAUNCHED);
    expect((await stepsOf(campaignId)).map((step) => step.state)).toEqual(['scheduled', 'scheduled']);
    expect(await statusOf(campaignId)).toBe('On Going');
  });

  it('a lead brought back while paused joins at the resume', async () => {
    const { campaignId } = await seedCampaign(h, user, 2);
    await markMessagesReady(h, campaignId);
    const [a = 0, b = 0] = await campaignLeadIds(h, campaignId);
    await put('approve_lead_message', { id: a });
    await put('approve_lead_message', { id: b });
    await launch(campaignId);
    await put('pause_campaign', { id: campaignId });
    await put('skip_lead_message', { id: b });
    expect(await stepsOf(campaignId)).toEqual([
      { lead: a, action: 'view_profile', state: 'paused' },
      { lead: b, action: 'view_profile', state: 'skipped' },
    ]);
    await put('approve_lead_message', { id: b });
    await launch(campaignId);
    expect(await stepsOf(campaignId)).toEqual([
      { lead: a, action: 'view_profile', state: 'scheduled' },
      { lead: b, action: 'view_profile', state: 'scheduled' },
    ]);
    expect(await campaignRow(h, campaignId)).toMatchObject({ leadsDone: 0, stepsDone: 0 });
  });
});
