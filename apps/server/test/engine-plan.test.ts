import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, campaignLeads, campaigns, lists, PLAN_STEPS } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  findPeople,
  hasPostWithin,
  leadsOf,
  playEngine,
  sandboxOf,
  seedLaunchedCampaign,
  stepsOf,
} from './support/outreach-factories';

// A Monday, 10:00 UTC: every plan day (0, 7, 14 … 42) is a Monday in working hours.
const START = new Date('2026-03-02T10:00:00Z');
const DAY = 86_400_000;
const clock = fixedClock(START);
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

describe('the engine carries out the whole plan', () => {
  it('views, likes, comments, invites, follows up and ends each lead as its person answers', async () => {
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const taken = new Set<string>();
    const postWindow = (p: PersonSummary) => hasPostWithin(p, START, 8);
    const one = (pick: (p: PersonSummary) => boolean): PersonSummary => {
      const [person] = findPeople(h, liAt, 1, pick, taken);
      if (!person) throw new Error('no such person in the sandbox');
      return person;
    };
    const replier = one(
      (p) =>
        postWindow(p) &&
        p.traits.acceptsInvitations &&
        p.traits.acceptDelayDays <= 6 &&
        p.traits.repliesToFollowUp &&
        !p.traits.refusesNotes,
    );
    const silent = one(
      (p) =>
        postWindow(p) &&
        p.traits.acceptsInvitations &&
        p.traits.acceptDelayDays <= 6 &&
        !p.traits.repliesToFollowUp &&
        !p.traits.refusesNotes,
    );
    const refuser = one((p) => !p.traits.acceptsInvitations && !p.traits.refusesNotes);
    const noPosts = one(
      (p) =>
        p.posts.length === 0 &&
        p.traits.acceptsInvitations &&
        p.traits.acceptDelayDays <= 6 &&
        !p.traits.repliesToFollowUp,
    );
    const noNotes = one((p) => p.traits.refusesNotes && !p.traits.acceptsInvitations);
    const people = [replier, silent, refuser, noPosts, noNotes];

    const { campaign, list } = await seedLaunchedCampaign(h, clock, user, account, people, {
      withdrawAfterDays: 7,
    });
    await playEngine(h, clock, account.id, new Date(START.getTime() + 50 * DAY));

    const byUrl = new Map((await leadsOf(h, campaign.id)).map((lead) => [lead.linkedinUrl, lead]));
    const lead = (p: (typeof people)[number]) => byUrl.get(p.profileUrl);
    expect(lead(replier)?.state).toBe('replied');
    expect(lead(silent)?.state).toBe('finished');
    expect(lead(refuser)?.state).toBe('withdrawn');
    expect(lead(noPosts)?.state).toBe('finished');
    expect(lead(noNotes)?.state).toBe('withdrawn');
    expect(lead(noNotes)?.stateReason).toMatch(/withdrawn/);
    for (const row of byUrl.values()) expect(row.stepsDone).toBe(PLAN_STEPS);

    // What LinkedIn saw, read from the sandbox: each thing done once, to the right people.
    const state = sandboxOf(h).memberState(liAt);
    const count = <T>(items: T[], match: (item: T) => boolean) => items.filter(match).length;
    for (const p of people) {
      expect(count(state.profileViews, (v) => v.profileUrn === p.profileUrn)).toBe(1);
      expect(count(state.invitations, (i) => i.profileUrn === p.profileUrn)).toBe(1);
    }
    for (const p of [replier, silent]) {
      const postUrns = new Set(p?.posts.map((post) => post.postUrn));
      expect(count(state.reactions, (r) => postUrns.has(r.postUrn))).toBe(1);
      expect(count(state.comments, (c) => postUrns.has(c.postUrn))).toBe(1);
    }
    expect(
      count(state.reactions, (r) => noPosts?.posts.some((post) => post.postUrn === r.postUrn) ?? false),
    ).toBe(0);
    const invitation = (p: (typeof people)[number]) =>
      state.invitations.find((i) => i.profileUrn === p?.profileUrn);
    expect(invitation(replier)?.message).toBe(lead(replier)?.connectionNote);
    expect(invitation(noNotes)?.message).toBeNull();
    expect(invitation(refuser)?.state).toBe('WITHDRAWN');
    const sentTo = (p: (typeof people)[number]) =>
      count(state.messages, (m) => m.profileUrn === p?.profileUrn && m.from === 'me');
    expect(sentTo(replier)).toBe(1);
    expect(sentTo(silent)).toBe(2);
    expect(sentTo(noPosts)).toBe(2);
    expect(sentTo(refuser)).toBe(0);

    // The campaign ends when its last lead does, and frees its list.
    const [done] = await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(done?.status).toBe('finished');
    expect(done?.stepsDone).toBe(done?.stepsTotal);
    expect(done?.leadsDone).toBe(people.length);
    const [freed] = await h.deps.db.select().from(lists).where(eq(lists.id, list.id));
    expect(freed?.status).toBe('ready');

    // Every action taken is recorded for the lead's side panel.
    const activity = await h.deps.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.campaignId, campaign.id));
    const replierRow = lead(replier);
    const replierActions = activity.filter((a) => a.campaignLeadId === replierRow?.id).map((a) => a.action);
    expect(replierActions).toEqual(
      expect.arrayContaining([
        'view_profile',
        'like_post',
        'comment_post',
        'send_invitation',
        'check_invitation',
        'follow_up_1',
        'check_reply',
      ]),
    );
    // Nothing was claimed twice: every step settled exactly once.
    const steps = await stepsOf(h, campaign.id);
    expect(steps.every((s) => s.state === 'done' || s.state === 'skipped')).toBe(true);
    expect(steps.every((s) => s.attempt === 1)).toBe(true);
  });
});

describe('the end of a campaign', () => {
  it('skipping the last lead still waiting finishes a running campaign and frees its list', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 2, () => true);
    const { campaign, list } = await seedLaunchedCampaign(h, clock, user, account, people);
    const [ended, waiting] = await leadsOf(h, campaign.id);
    if (!ended || !waiting) throw new Error('two leads expected');
    await h.deps.db
      .update(campaignLeads)
      .set({ state: 'failed', stepsDone: PLAN_STEPS })
      .where(eq(campaignLeads.id, ended.id));
    await h.deps.db.update(campaigns).set({ leadsDone: 1 }).where(eq(campaigns.id, campaign.id));

    const skipped = await h.call('PUT', '/api/linkedinAI/skip_lead_message', {
      token: user.accessToken,
      body: { id: waiting.id },
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const [done] = await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    // Nothing was done on LinkedIn for either lead and one failed: the campaign ends, as Failed.
    expect(done?.status).toBe('failed');
    const [freed] = await h.deps.db.select().from(lists).where(eq(lists.id, list.id));
    expect(freed?.status).toBe('ready');
  });
});
