import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, linkedinAccounts, outreachSteps } from '../src/db/schema';
import type { LinkedInGateway, LinkedInSession } from '../src/lib/clients/linkedin-gateway';
import { fixedClock } from '../src/lib/core/clock';
import { pauseCampaignSteps, startCampaignSteps } from '../src/modules/outreach/campaign-steps';
import { LEASE_MS, LEASE_TTL_MS, runAccount } from '../src/modules/outreach/run-account';
import { sweepDueAccounts } from '../src/modules/outreach/sweep';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  findPeople,
  leadsOf,
  sandboxOf,
  seedLaunchedCampaign,
  stepsOf,
} from './support/outreach-factories';

const START = new Date('2026-03-02T10:00:00Z'); // a Monday, in working hours (UTC)
const clock = fixedClock(START);
let h: Harness;
let realGateway: LinkedInGateway;
/** Methods of the session that, when armed, reach LinkedIn and then never return: the runner "dies". */
const dieAfter = new Set<keyof LinkedInSession>();

beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
  realGateway = h.deps.linkedin.gateway;
  const dyingGateway: LinkedInGateway = {
    openSession: (credentials) => {
      const session = realGateway.openSession(credentials);
      const dying = <K extends keyof LinkedInSession>(name: K): LinkedInSession[K] =>
        (async (...args: unknown[]) => {
          const answer = await (session[name] as (...a: unknown[]) => Promise<unknown>)(...args);
          if (dieAfter.delete(name)) await new Promise(() => undefined);
          return answer;
        }) as LinkedInSession[K];
      return {
        ...session,
        sendInvitation: dying('sendInvitation'),
        sendMessage: dying('sendMessage'),
        react: dying('react'),
      };
    },
  };
  Object.assign(h.deps.linkedin, { gateway: dyingGateway });
});
afterAll(() => h.close());

const run = (accountId: string) => runAccount({ ...h.deps, random: () => 0.5 }, accountId);
const minutes = (n: number) => n * 60_000;

describe('never twice', () => {
  it('a runner that dies between the invitation and its settlement sends nothing again', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 1, (p) => !p.traits.acceptsInvitations);
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, people, {
      startAt: { state: 'post_commented', action: 'send_invitation', stepsDone: 3 },
    });

    dieAfter.add('sendInvitation');
    void run(account.id); // the invitation goes out, then the runner never settles
    await expect.poll(() => sandboxOf(h).memberState(liAt).invitations.length, { timeout: 10_000 }).toBe(1);
    const [claimed] = await stepsOf(h, campaign.id);
    expect(claimed?.state).toBe('running');

    // Another runner must wait for the lease of the dead one to run out.
    clock.advance(LEASE_TTL_MS / 2);
    expect(await run(account.id)).toEqual({ ran: null, reason: 'busy' });
    clock.advance(LEASE_MS);
    expect(await sweepDueAccounts(h.deps)).toContain(account.id);
    const reconciled = await run(account.id);
    expect(reconciled.ran).toMatchObject({ action: 'send_invitation', result: 'done' });

    expect(sandboxOf(h).memberState(liAt).invitations).toHaveLength(1);
    const [lead] = await leadsOf(h, campaign.id);
    expect(lead?.state).toBe('invitation_sent');
    const steps = await stepsOf(h, campaign.id);
    expect(steps.map((s) => [s.action, s.state, s.attempt])).toEqual([
      ['send_invitation', 'done', 2],
      ['check_invitation', 'scheduled', 0],
    ]);
  });

  it('a follow-up that went out before a crash is not sent again', async () => {
    clock.set(new Date('2026-03-09T10:00:00Z'));
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const [person] = findPeople(h, liAt, 1, (p) => !p.traits.repliesToFollowUp);
    if (!person) throw new Error('no person');
    // Connected already, so messages may go.
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, [person], {
      startAt: { state: 'post_commented', action: 'send_invitation', stepsDone: 3 },
    });
    expect((await run(account.id)).ran).toMatchObject({ action: 'send_invitation' });
    sandboxOf(h).acceptNow(liAt, person.profileUrn);
    await h.deps.db
      .update(outreachSteps)
      .set({ dueAt: clock.now() })
      .where(and(eq(outreachSteps.campaignId, campaign.id), eq(outreachSteps.state, 'scheduled')));
    clock.advance(minutes(3));
    expect((await run(account.id)).ran).toMatchObject({ action: 'check_invitation', result: 'done' });
    await h.deps.db
      .update(outreachSteps)
      .set({ dueAt: clock.now() })
      .where(and(eq(outreachSteps.campaignId, campaign.id), eq(outreachSteps.state, 'scheduled')));
    clock.advance(minutes(3));

    dieAfter.add('sendMessage');
    void run(account.id);
    const mine = () =>
      sandboxOf(h)
        .memberState(liAt)
        .messages.filter((m) => m.from === 'me').length;
    await expect.poll(mine, { timeout: 10_000 }).toBe(1);
    clock.advance(LEASE_MS + minutes(1));
    expect((await run(account.id)).ran).toMatchObject({ action: 'follow_up_1', result: 'done' });
    expect(mine()).toBe(1);
    const [lead] = await leadsOf(h, campaign.id);
    expect(lead?.state).toBe('follow_up_1_sent');
  });

  it('two runners on one account never overlap', async () => {
    clock.set(new Date('2026-03-16T10:00:00Z'));
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 3, () => true);
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, people);
    const results = await Promise.all([run(account.id), run(account.id), run(account.id)]);
    expect(results.filter((r) => r.ran !== null)).toHaveLength(1);
    expect(results.filter((r) => r.ran === null && r.reason === 'busy').length).toBe(2);
    // Spacing: the account rests before its next action even though more are due.
    expect(await run(account.id)).toEqual({ ran: null, reason: 'waiting' });
    expect(await sweepDueAccounts(h.deps)).not.toContain(account.id);
    clock.advance(minutes(3));
    expect(await sweepDueAccounts(h.deps)).toContain(account.id);
    expect((await stepsOf(h, campaign.id)).filter((s) => s.state === 'done')).toHaveLength(1);
  });
});

describe('pause and account trouble', () => {
  it('a pause takes effect before the next action, and a resume picks up where it stopped', async () => {
    clock.set(new Date('2026-03-23T10:00:00Z'));
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 2, () => true);
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, people);
    await h.deps.db.transaction((tx) => pauseCampaignSteps(tx, campaign.id, clock.now()));
    expect(await run(account.id)).toEqual({ ran: null, reason: 'nothing_due' });
    expect(sandboxOf(h).memberState(liAt).profileViews).toHaveLength(0);
    expect((await stepsOf(h, campaign.id)).every((s) => s.state === 'paused')).toBe(true);

    clock.advance(2 * 86_400_000);
    const [paused] = await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    if (!paused) throw new Error('no campaign');
    await h.deps.db.transaction((tx) => startCampaignSteps(tx, paused, account.id, clock.now()));
    const [resumed] = await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    // Day 0 moved on by the two days spent paused.
    expect(resumed?.launchedAt?.toISOString()).toBe('2026-03-25T10:00:00.000Z');
    expect((await run(account.id)).ran).toMatchObject({ action: 'view_profile', result: 'done' });
    const next = (await stepsOf(h, campaign.id)).find((s) => s.action === 'like_post');
    expect(next?.dueAt.toISOString()).toBe('2026-04-01T10:00:00.000Z');
  });

  it('an expired session pauses the campaigns with the reason and raises the expired flag', async () => {
    clock.set(new Date('2026-03-30T10:00:00Z'));
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 2, () => true);
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, people);
    sandboxOf(h).expireSession(liAt);
    expect((await run(account.id)).ran).toMatchObject({ result: 'paused' });
    const [paused] = await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(paused?.status).toBe('paused');
    expect(paused?.statusReason).toMatch(/expired/i);
    const [acc] = await h.deps.db.select().from(linkedinAccounts).where(eq(linkedinAccounts.id, account.id));
    expect(acc?.status).toBe('expired');
    const steps = await stepsOf(h, campaign.id);
    expect(steps.every((s) => s.state === 'paused' && s.attempt === 0)).toBe(true);
    const flag = await h.call('GET', '/api/linkedinAI/li_at_expired', { token: user.accessToken });
    expect(flag.json()).toMatchObject({ expired: true });
    expect(await sweepDueAccounts(h.deps)).not.toContain(account.id);
  });

  it('throttling and a security check back the account off and pause its campaigns', async () => {
    for (const trouble of ['throttle', 'challenge'] as const) {
      clock.set(new Date('2026-04-06T10:00:00Z'));
      const user = await seedUser(h);
      const { liAt, account } = await connectLinkedIn(h, user);
      const people = findPeople(h, liAt, 1, () => true);
      const { campaign } = await seedLaunchedCampaign(h, clock, user, account, people);
      if (trouble === 'throttle')
        sandboxOf(h).throttle(liAt, { calls: 5, status: 429, retryAfterSeconds: 120 });
      else sandboxOf(h).challenge(liAt);
      expect((await run(account.id)).ran).toMatchObject({ result: 'paused' });
      const [paused] = await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      expect(paused?.status).toBe('paused');
      expect(paused?.statusReason).toMatch(trouble === 'throttle' ? /slow down/ : /security check/);
      const [acc] = await h.deps.db
        .select()
        .from(linkedinAccounts)
        .where(eq(linkedinAccounts.id, account.id));
      expect(acc?.status).toBe(trouble === 'throttle' ? 'throttled' : 'challenge');
      expect(acc?.backoffUntil?.getTime()).toBeGreaterThan(clock.now().getTime());
      expect(sandboxOf(h).memberState(liAt).profileViews).toHaveLength(0);
    }
  });
});
