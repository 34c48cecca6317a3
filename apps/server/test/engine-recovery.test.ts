import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinAccounts } from '../src/db/schema';
import type { LinkedInGateway } from '../src/lib/clients/linkedin-gateway';
import { fixedClock } from '../src/lib/core/clock';
import { recoverAbandonedRunners } from '../src/modules/outreach/recover-runners';
import { LEASE_TTL_MS, runAccount } from '../src/modules/outreach/run-account';
import { sweepDueAccounts } from '../src/modules/outreach/sweep';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectLinkedIn, findPeople, seedLaunchedCampaign } from './support/outreach-factories';

// How the engine gets an account back when the process running it died mid-step (kill -9): the lease
// it held lapses within seconds, and the runner job it left "active" in the queue stops blocking the
// account's one-job slot. The whole server killed and restarted is in engine-kill.test.ts.
const START = new Date('2026-03-02T10:00:00Z'); // a Monday, in working hours (UTC)
const clock = fixedClock(START);
let h: Harness;
/** Runner jobs this process took: they "hang" like the job of a process that died, until released. */
const taken: string[] = [];
let releaseJobs: () => void = () => undefined;
const hanging = new Promise<void>((resolve) => {
  releaseJobs = resolve;
});

beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
  await h.services.jobs.work(
    'outreach-account',
    async ({ accountId }) => {
      taken.push(accountId);
      await hanging;
    },
    { concurrency: 4 },
  );
});
afterAll(async () => {
  releaseJobs();
  await h.close();
});

const accountOf = async (id: string) => {
  const [row] = await h.deps.db.select().from(linkedinAccounts).where(eq(linkedinAccounts.id, id));
  if (!row) throw new Error('no account');
  return row;
};

/** What a process killed in the middle of a step leaves behind: its lease, never released. */
const leaveDeadLease = (accountId: string, until: Date) =>
  h.deps.db
    .update(linkedinAccounts)
    .set({ engineLeaseUntil: until, engineLeaseHolder: 'runner-of-a-dead-process' })
    .where(eq(linkedinAccounts.id, accountId));

const launchedAccount = async () => {
  const user = await seedUser(h);
  const { liAt, account } = await connectLinkedIn(h, user);
  await seedLaunchedCampaign(
    h,
    clock,
    user,
    account,
    findPeople(h, liAt, 1, () => true),
  );
  return account.id;
};

describe('a runner whose process died', () => {
  it('frees the account once its lease lapses, and its job left active no longer blocks a new one', {
    timeout: 30_000,
  }, async () => {
    clock.set(START);
    const accountId = await launchedAccount();
    // The dead process's job: taken by a worker, marked active, never to end.
    await h.deps.jobs.send('outreach-account', { accountId }, { singletonKey: accountId });
    await expect.poll(() => taken.filter((id) => id === accountId).length, { timeout: 10_000 }).toBe(1);
    await leaveDeadLease(accountId, new Date(START.getTime() + LEASE_TTL_MS));

    // While the lease runs, the holder may be alive: nothing is freed and no runner may start.
    clock.advance(LEASE_TTL_MS / 2);
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs)).not.toContain(accountId);
    expect(await sweepDueAccounts(h.deps)).not.toContain(accountId);
    expect(await runAccount(h.deps, accountId)).toEqual({ ran: null, reason: 'busy' });

    // Lapsed and never released: its holder is gone. The lease is freed, the stale job cancelled, and
    // the next runner job starts at once (with the old job still "active", stately would hold it back).
    clock.advance(LEASE_TTL_MS);
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs)).toEqual([accountId]);
    expect(await accountOf(accountId)).toMatchObject({ engineLeaseUntil: null, engineLeaseHolder: null });
    expect(await sweepDueAccounts(h.deps)).toContain(accountId);
    await expect.poll(() => taken.filter((id) => id === accountId).length, { timeout: 10_000 }).toBe(2);
  });

  it('at the start of the embedded database every lease is freed, lapsed or not', async () => {
    clock.set(START);
    const accountId = await launchedAccount();
    await leaveDeadLease(accountId, new Date(START.getTime() + LEASE_TTL_MS));
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs)).not.toContain(accountId);
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs, { everyLease: true })).toContain(accountId);
    expect((await runAccount({ ...h.deps, random: () => 0.5 }, accountId)).ran).toMatchObject({
      action: 'view_profile',
      result: 'done',
    });
  });

  it('a live runner renews its lease past the TTL, so no second runner starts meanwhile', {
    timeout: 30_000,
  }, async () => {
    clock.set(START);
    const accountId = await launchedAccount();
    // A profile view that takes 7 s of real time while the engine's clock moves a whole TTL on.
    const real = h.deps.linkedin.gateway;
    let entered = false;
    let finish: () => void = () => undefined;
    const slow: LinkedInGateway = {
      openSession: (credentials) => {
        const session = real.openSession(credentials);
        return {
          ...session,
          viewProfile: async (slug) => {
            entered = true;
            await new Promise<void>((resolve) => {
              finish = resolve;
            });
            return session.viewProfile(slug);
          },
        };
      },
    };
    const deps = { ...h.deps, linkedin: { ...h.deps.linkedin, gateway: slow }, random: () => 0.5 };
    const first = runAccount(deps, accountId);
    await expect.poll(() => entered).toBe(true);
    clock.advance(LEASE_TTL_MS + 1000);
    await new Promise((resolve) => setTimeout(resolve, 6_000)); // one renewal, at least
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs)).not.toContain(accountId);
    expect(await runAccount(deps, accountId)).toEqual({ ran: null, reason: 'busy' });
    finish();
    expect((await first).ran).toMatchObject({ action: 'view_profile', result: 'done' });
    expect(await accountOf(accountId)).toMatchObject({ engineLeaseUntil: null, engineLeaseHolder: null });
  });
});
