import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { WEEKLY_INVITATIONS } from '../src/modules/outreach/caps';
import { runAccount } from '../src/modules/outreach/run-account';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  findPeople,
  playEngine,
  sandboxOf,
  seedLaunchedCampaign,
  stepsOf,
} from './support/outreach-factories';

const clock = fixedClock(new Date('2026-03-02T09:00:00Z'));
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

const AT_INVITATION = { state: 'post_commented', action: 'send_invitation', stepsDone: 3 } as const;
const invitationsByDay = (liAt: string): Record<string, number> => {
  const days: Record<string, number> = {};
  for (const inv of sandboxOf(h).memberState(liAt).invitations) {
    const day = inv.sentAt.slice(0, 10);
    days[day] = (days[day] ?? 0) + 1;
  }
  return days;
};

describe('daily caps', () => {
  it("never sends more connection requests a day than the campaign's setting", async () => {
    clock.set(new Date('2026-03-02T09:00:00Z')); // Monday
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 5, (p) => !p.traits.acceptsInvitations);
    await seedLaunchedCampaign(h, clock, user, account, people, {
      connectionRequestsPerDay: 2,
      startAt: AT_INVITATION,
    });
    await playEngine(h, clock, account.id, new Date('2026-03-05T00:00:00Z'));
    expect(invitationsByDay(liAt)).toEqual({ '2026-03-02': 2, '2026-03-03': 2, '2026-03-04': 1 });
  });

  it('never sends more than 10 a day per account, across campaigns', async () => {
    clock.set(new Date('2026-03-09T09:00:00Z')); // Monday
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const taken = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const people = findPeople(h, liAt, 7, (p) => !p.traits.acceptsInvitations, taken);
      await seedLaunchedCampaign(h, clock, user, account, people, {
        connectionRequestsPerDay: 10,
        startAt: AT_INVITATION,
      });
    }
    await playEngine(h, clock, account.id, new Date('2026-03-11T00:00:00Z'));
    expect(invitationsByDay(liAt)).toEqual({ '2026-03-09': 10, '2026-03-10': 4 });
  });

  it('keeps under the weekly invitation ceiling', async () => {
    clock.set(new Date('2026-03-16T09:00:00Z')); // Monday
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    // Invitations of the last six days, sent before this campaign.
    await h.deps.db.insert(activityLog).values(
      Array.from({ length: WEEKLY_INVITATIONS - 1 }, (_, i) => ({
        userId: user.user.id,
        accountId: account.id,
        action: 'send_invitation' as const,
        outcome: 'Sent a connection request',
        createdAt: new Date(clock.now().getTime() - (1 + (i % 6)) * 86_400_000),
      })),
    );
    const people = findPeople(h, liAt, 3, (p) => !p.traits.acceptsInvitations);
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, people, {
      startAt: AT_INVITATION,
    });
    await playEngine(h, clock, account.id, new Date('2026-03-16T18:00:00Z'));
    expect(sandboxOf(h).memberState(liAt).invitations).toHaveLength(1);
    const waiting = (await stepsOf(h, campaign.id)).filter(
      (s) => s.action === 'send_invitation' && s.state === 'scheduled',
    );
    expect(waiting).toHaveLength(2);
    for (const step of waiting)
      expect(step.dueAt.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-03-17T09:00:00Z'));
  });
});

describe('working hours in the campaign time zone', () => {
  it('waits for Monday morning in New York, and acts during the working day in India', async () => {
    const saturday = new Date('2026-03-21T15:00:00Z');
    clock.set(saturday);
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const taken = new Set<string>();
    const ny = await seedLaunchedCampaign(
      h,
      clock,
      user,
      account,
      findPeople(h, liAt, 1, () => true, taken),
      {
        timezone: '(EST) Eastern Time (US & Canada)',
      },
    );
    expect(await runAccount(h.deps, account.id)).toEqual({ ran: null, reason: 'nothing_due' });
    const [deferred] = await stepsOf(h, ny.campaign.id);
    // Monday 9:00 in New York (daylight saving time): 13:00 UTC.
    expect(deferred?.dueAt.toISOString()).toBe('2026-03-23T13:00:00.000Z');
    expect(sandboxOf(h).memberState(liAt).profileViews).toHaveLength(0);

    // Monday 04:30 UTC: 10:00 in India, the middle of the night in New York.
    clock.set(new Date('2026-03-23T04:30:00Z'));
    const india = await seedLaunchedCampaign(
      h,
      clock,
      user,
      account,
      findPeople(h, liAt, 1, () => true, taken),
      {
        timezone: '(IST) Indian Standard Time',
      },
    );
    const run = await runAccount(h.deps, account.id);
    expect(run.ran).toMatchObject({ action: 'view_profile', result: 'done' });
    const [viewed] = await stepsOf(h, india.campaign.id);
    expect(viewed?.state).toBe('done');
    const local = DateTime.fromJSDate(clock.now(), { zone: 'Asia/Kolkata' });
    expect(local.hour).toBe(10);
  });
});
