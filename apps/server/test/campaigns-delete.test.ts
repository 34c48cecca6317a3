import { CAMPAIGN_MESSAGES, type TCampaign } from '@sales-assist/contract';
import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  campaignLeads,
  campaigns,
  importJobs,
  linkedinAccounts,
  lists,
  outreachSteps,
} from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { writeCampaignMessages } from '../src/modules/campaign-messages/write-campaign-messages';
import { runAccount } from '../src/modules/outreach/run-account';
import { sweepDueAccounts } from '../src/modules/outreach/sweep';
import {
  API,
  campaignPayload,
  createCampaign,
  grantCredits,
  connectLinkedIn as linkCookie,
  recordingJobs,
  seedCampaign,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  findPeople,
  playEngine,
  sandboxOf,
  seedLaunchedCampaign,
  stepsOf,
} from './support/outreach-factories';

// A Monday, 10:00 UTC: the plan's days fall in working hours.
const START = new Date('2026-03-02T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = fixedClock(START);
const jobs = recordingJobs();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock, jobs }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

const deleteCampaign = (user: SeededUser, id: number | string) =>
  h.call('DELETE', `${API}/delete_campaign?id=${id}`, { token: user.accessToken });
const deleteList = (user: SeededUser, id: number) =>
  h.call('DELETE', `${API}/delete_list?id=${id}`, { token: user.accessToken });
const pause = (user: SeededUser, id: number) =>
  h.call('PUT', `${API}/pause_campaign`, { token: user.accessToken, body: { id } });

const listed = async (user: SeededUser): Promise<TCampaign[]> => {
  const answer = await h.call('GET', `${API}/fetch_campaigns?page=1&limit=50`, { token: user.accessToken });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ campaigns: TCampaign[] }>().campaigns;
};
const listStatus = async (listId: number) =>
  (await h.deps.db.select({ status: lists.status }).from(lists).where(eq(lists.id, listId)))[0]?.status;
const rowsOfCampaign = async (campaignId: number) => ({
  campaign: await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId)),
  leads: await h.deps.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, campaignId)),
  steps: await stepsOf(h, campaignId),
});
const activityOf = (userId: string) =>
  h.deps.db.select().from(activityLog).where(eq(activityLog.userId, userId)).orderBy(activityLog.id);

/** Addresses LinkedIn answers 404 for: the profile view fails and the lead cannot go on. */
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

/** Two sandbox people whose profiles were viewed (day 0), then the campaign paused through the API. */
const pausedAfterDayZero = async () => {
  clock.set(START);
  const user = await seedUser(h);
  const { liAt, account } = await connectLinkedIn(h, user);
  const people = findPeople(h, liAt, 2, (p) => !p.traits.refusesNotes);
  const seeded = await seedLaunchedCampaign(h, clock, user, account, people);
  await h.deps.db.update(campaigns).set({ name: 'Autumn push' }).where(eq(campaigns.id, seeded.campaign.id));
  await playEngine(h, clock, account.id, new Date(START.getTime() + HOUR));
  // Back to a time the user's access token is valid at (the engine played an hour on).
  clock.set(START);
  const paused = await pause(user, seeded.campaign.id);
  expect(paused.statusCode, paused.body).toBe(200);
  return { user, liAt, account, ...seeded };
};

describe('delete_campaign', () => {
  it('deletes a Draft with its leads, and its list can then be deleted', async () => {
    clock.set(START);
    const user = await seedUser(h);
    await linkCookie(h, user);
    const { campaignId, listId } = await seedCampaign(h, user, 3, { campaign_name: 'Draft to drop' });
    expect(await listStatus(listId)).toBe('in_campaign');
    expect((await deleteList(user, listId)).statusCode).toBe(409);

    const deleted = await deleteCampaign(user, campaignId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: CAMPAIGN_MESSAGES.campaignDeleted });

    expect(await rowsOfCampaign(campaignId)).toEqual({ campaign: [], leads: [], steps: [] });
    expect((await listed(user)).map((row) => row.ID)).not.toContain(campaignId);
    expect(await listStatus(listId)).toBe('ready');
    const listGone = await deleteList(user, listId);
    expect(listGone.statusCode, listGone.body).toBe(200);
    // A second delete finds nothing.
    expect((await deleteCampaign(user, campaignId)).statusCode).toBe(404);
  });

  it('the messages job queued for a deleted Draft ends without writing anything', async () => {
    clock.set(START);
    const user = await seedUser(h);
    await linkCookie(h, user);
    const { campaignId } = await seedCampaign(h, user, 2);
    expect(jobs.sent).toContainEqual(
      expect.objectContaining({ name: 'write-campaign-messages', data: { campaignId } }),
    );
    expect((await deleteCampaign(user, campaignId)).statusCode).toBe(200);
    await writeCampaignMessages(h.deps, campaignId);
    expect(await rowsOfCampaign(campaignId)).toEqual({ campaign: [], leads: [], steps: [] });
  });

  it('refuses a running campaign (pause it first) and deletes it once paused', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 1, () => true);
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, people);

    const refused = await deleteCampaign(user, campaign.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.deleteRunning });
    expect((await rowsOfCampaign(campaign.id)).campaign).toHaveLength(1);

    expect((await pause(user, campaign.id)).statusCode).toBe(200);
    expect((await deleteCampaign(user, campaign.id)).statusCode).toBe(200);
  });

  it("answers another user's campaign, a missing one and a bad id without touching anything", async () => {
    clock.set(START);
    const owner = await seedUser(h);
    const stranger = await seedUser(h);
    await linkCookie(h, owner);
    const { campaignId } = await seedCampaign(h, owner, 1);

    const foreign = await deleteCampaign(stranger, campaignId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: CAMPAIGN_MESSAGES.campaignNotFound });
    expect((await rowsOfCampaign(campaignId)).campaign).toHaveLength(1);

    expect((await deleteCampaign(owner, 987_654_321)).statusCode).toBe(404);
    const bad = await deleteCampaign(owner, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_error' });
    const none = await h.call('DELETE', `${API}/delete_campaign`, { token: owner.accessToken });
    expect(none.statusCode).toBe(400);
    expect((await h.call('DELETE', `${API}/delete_campaign?id=${campaignId}`)).statusCode).toBe(401);
  });

  it('deletes a paused campaign: the activity log keeps its rows, named, and the list is free', async () => {
    const { user, account, campaign, list, leads } = await pausedAfterDayZero();
    const before = await activityOf(user.user.id);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.every((row) => row.campaignId === campaign.id)).toBe(true);

    expect((await deleteCampaign(user, campaign.id)).statusCode).toBe(200);

    const after = await activityOf(user.user.id);
    expect(after.map((row) => [row.id, row.action, row.outcome, row.accountId])).toEqual(
      before.map((row) => [row.id, row.action, row.outcome, row.accountId]),
    );
    const leadById = new Map(leads.map((lead) => [lead.id, lead]));
    for (const [i, row] of after.entries()) {
      const lead = leadById.get(before[i]?.campaignLeadId ?? -1);
      expect(row).toMatchObject({
        campaignId: null,
        campaignLeadId: null,
        campaignName: 'Autumn push',
        leadName: lead?.name,
        leadLinkedinUrl: lead?.linkedinUrl,
      });
    }
    expect(await rowsOfCampaign(campaign.id)).toEqual({ campaign: [], leads: [], steps: [] });
    expect(await listStatus(list.id)).toBe('ready');
    expect((await deleteList(user, list.id)).statusCode).toBe(200);
    // The account's caps still count what was done today.
    const [counted] = await h.deps.db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(and(eq(activityLog.accountId, account.id), eq(activityLog.action, 'view_profile')));
    expect(counted).toBeDefined();
  });

  it('the engine never acts for a deleted campaign, whatever was queued or left claimed', async () => {
    const { user, liAt, account, campaign, leads } = await pausedAfterDayZero();
    const steps = await stepsOf(h, campaign.id);
    const waiting = steps.filter((step) => step.state === 'paused');
    expect(waiting.length).toBe(2);
    // One step a runner claimed and never settled (its process died: the account holds no lease).
    await h.deps.db
      .update(outreachSteps)
      .set({ state: 'running', claimedAt: clock.now(), dueAt: clock.now() })
      .where(eq(outreachSteps.id, waiting[0]?.id ?? 0));
    const reactionsBefore = sandboxOf(h).memberState(liAt).reactions.length;

    expect((await deleteCampaign(user, campaign.id)).statusCode).toBe(200);
    expect(await stepsOf(h, campaign.id)).toEqual([]);
    expect(
      await h.deps.db
        .select()
        .from(campaignLeads)
        .where(eq(campaignLeads.id, leads[0]?.id ?? 0)),
    ).toEqual([]);

    // The runner job already queued for the account, and the sweep, long after every plan day.
    clock.set(new Date(START.getTime() + 60 * DAY));
    expect(await sweepDueAccounts(h.deps)).not.toContain(account.id);
    expect(await runAccount({ ...h.deps, random: () => 0.5 }, account.id)).toEqual({
      ran: null,
      reason: 'nothing_due',
    });
    const state = sandboxOf(h).memberState(liAt);
    expect(state.invitations).toEqual([]);
    expect(state.reactions.length).toBe(reactionsBefore);
    const logged = await activityOf(user.user.id);
    expect(logged.every((row) => row.campaignId === null && row.campaignName === 'Autumn push')).toBe(true);
  });

  it('waits (409) while a live runner is finishing an action of the paused campaign', async () => {
    const { user, account, campaign } = await pausedAfterDayZero();
    const [step] = (await stepsOf(h, campaign.id)).filter((row) => row.state === 'paused');
    await h.deps.db
      .update(outreachSteps)
      .set({ state: 'running', claimedAt: clock.now() })
      .where(eq(outreachSteps.id, step?.id ?? 0));
    await h.deps.db
      .update(linkedinAccounts)
      .set({ engineLeaseUntil: new Date(clock.now().getTime() + 15_000), engineLeaseHolder: 'a-live-runner' })
      .where(eq(linkedinAccounts.id, account.id));

    const busy = await deleteCampaign(user, campaign.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: 'conflict', message: CAMPAIGN_MESSAGES.deleteActionUnderWay });
    expect((await rowsOfCampaign(campaign.id)).campaign).toHaveLength(1);

    // The runner settles (or dies and its lease lapses): the delete goes through.
    clock.advance(20_000);
    expect((await deleteCampaign(user, campaign.id)).statusCode).toBe(200);
  });

  it('deletes a Failed campaign with its failed leads', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { account } = await connectLinkedIn(h, user);
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, gone(2));
    await playEngine(h, clock, account.id, new Date(START.getTime() + 2 * DAY));
    clock.set(START);
    expect((await listed(user)).find((row) => row.ID === campaign.id)?.Status).toBe('Failed');

    expect((await deleteCampaign(user, campaign.id)).statusCode).toBe(200);
    expect(await rowsOfCampaign(campaign.id)).toEqual({ campaign: [], leads: [], steps: [] });
    expect((await listed(user)).map((row) => row.ID)).not.toContain(campaign.id);
  });

  it('deletes a Finished campaign; its activity stays, named', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const [reachable] = findPeople(h, liAt, 1, (p) => !p.traits.refusesNotes);
    if (!reachable) throw new Error('no person');
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, [reachable]);
    await h.deps.db.update(campaigns).set({ name: 'Done and dusted' }).where(eq(campaigns.id, campaign.id));
    await playEngine(h, clock, account.id, new Date(START.getTime() + 60 * DAY));
    clock.set(START);
    expect((await listed(user)).find((row) => row.ID === campaign.id)?.Status).toBe('Finished');
    const kept = (await activityOf(user.user.id)).length;
    expect(kept).toBeGreaterThan(0);

    expect((await deleteCampaign(user, campaign.id)).statusCode).toBe(200);
    const after = await activityOf(user.user.id);
    expect(after).toHaveLength(kept);
    expect(
      after.every((row) => row.campaignName === 'Done and dusted' && row.leadName === reachable.name),
    ).toBe(true);
  });

  it('a list another campaign took up since stays held; an import running on the list frees it when done', async () => {
    clock.set(START);
    const user = await seedUser(h);
    await linkCookie(h, user);
    const { campaignId: older, listId } = await seedCampaign(h, user, 2, { campaign_name: 'Older' });
    // The older campaign ended and freed its list; a newer Draft took the list up.
    await h.deps.db.update(campaigns).set({ status: 'finished' }).where(eq(campaigns.id, older));
    await h.deps.db.update(lists).set({ status: 'ready' }).where(eq(lists.id, listId));
    await grantCredits(h, user.user.id, 50);
    const newer = await createCampaign(h, user, campaignPayload(listId, { campaign_name: 'Newer' }));
    expect(newer.statusCode, newer.body).toBe(200);
    const newerId = newer.json<{ campaign_id: number }>().campaign_id;

    expect((await deleteCampaign(user, older)).statusCode).toBe(200);
    expect(await listStatus(listId)).toBe('in_campaign');
    const held = await deleteList(user, listId);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('"Newer" (Draft)');

    // An import adds leads to the list while the newer campaign is deleted: it puts the list back as
    // it found it when it ends, which must now be "Not in Campaign".
    await h.deps.db.update(lists).set({ status: 'importing' }).where(eq(lists.id, listId));
    const [job] = await h.deps.db
      .insert(importJobs)
      .values({
        userId: user.user.id,
        listId,
        fileName: 'more.csv',
        filePath: 'imports/more.csv',
        listCreated: false,
        statusBefore: 'in_campaign',
      })
      .returning();
    expect((await deleteCampaign(user, newerId)).statusCode).toBe(200);
    const [restored] = await h.deps.db
      .select({ statusBefore: importJobs.statusBefore })
      .from(importJobs)
      .where(and(eq(importJobs.id, job?.id ?? ''), isNull(importJobs.finishedAt)));
    expect(restored?.statusBefore).toBe('ready');
  });
});
