import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/core/clock';
import { recoverAbandonedRunners } from '../src/modules/outreach/recover-runners';
import { sweepDueAccounts } from '../src/modules/outreach/sweep';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectLinkedIn, findPeople, seedLaunchedCampaign } from './support/outreach-factories';

// The one slow resumption after a kill -9 (130 s of 18 runs): the process died while its runner held the
// account's job but no lease (between taking the job and taking the lease, or between releasing the lease
// and completing the job). No lease named the job, so recovery never cancelled it, and pg-boss's `stately`
// policy let no new runner of that account start until the queue expired the job (6 minutes after it was
// taken). Here a worker takes the job and never ends it, as a dead process would, and never takes a lease.
const START = new Date('2026-03-02T10:00:00Z'); // a Monday, in working hours (UTC)
const clock = fixedClock(START);
let h: Harness;
/** Runner jobs this process took: they "hang" like the job of a process that died. */
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
    // Every job taken stays taken (hanging): room for all of this file's.
    { concurrency: 8 },
  );
});
afterAll(async () => {
  releaseJobs();
  await h.close();
});

const runsOf = (accountId: string) => taken.filter((id) => id === accountId).length;

/** An account with a due step whose runner job a "dead" worker holds, with no lease taken. */
const accountWithLeaselessJob = async (): Promise<string> => {
  const user = await seedUser(h);
  const { liAt, account } = await connectLinkedIn(h, user);
  await seedLaunchedCampaign(
    h,
    clock,
    user,
    account,
    findPeople(h, liAt, 1, () => true),
  );
  await h.deps.jobs.send('outreach-account', { accountId: account.id }, { singletonKey: account.id });
  await expect.poll(() => runsOf(account.id), { timeout: 10_000 }).toBe(1);
  return account.id;
};

/** Makes the job look taken `seconds` ago, as a job of a process that died that long ago. */
const ageActiveJob = (accountId: string, seconds: number) =>
  h.database.executeSql(
    `UPDATE pgboss.job SET started_on = now() - make_interval(secs => $2)
      WHERE name = 'outreach-account' AND singleton_key = $1 AND state = 'active'`,
    [accountId, seconds],
  );

describe('a runner job left active without a lease', () => {
  it('at the embedded database’s start it is cancelled, and a new runner starts within a sweep', {
    timeout: 30_000,
  }, async () => {
    const accountId = await accountWithLeaselessJob();
    // What the outreach engine does at start on the embedded database (background-work.ts,
    // outreach-runners-at-start), then its first sweep.
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs, { everyLease: true })).toContain(accountId);
    expect(await sweepDueAccounts(h.deps)).toContain(accountId);
    await expect.poll(() => runsOf(accountId), { timeout: 10_000 }).toBe(2);
  });

  it('with other processes alive (PostgreSQL) it is cancelled once it has been active a lease’s TTL', {
    timeout: 30_000,
  }, async () => {
    const accountId = await accountWithLeaselessJob();
    // Just taken: its worker may be taking the lease this very moment.
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs)).not.toContain(accountId);

    await ageActiveJob(accountId, 25);
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs)).toContain(accountId);
    expect(await sweepDueAccounts(h.deps)).toContain(accountId);
    await expect.poll(() => runsOf(accountId), { timeout: 10_000 }).toBe(2);
  });

  it('a key the dead process’s queue monitor saw active is worked again at once after recovery', {
    timeout: 90_000,
  }, async () => {
    const accountId = await accountWithLeaselessJob();
    // pg-boss's monitor (once a minute) wrote the key of the job it saw active into the queue's row, and
    // every process's workers skip those keys until the next pass: up to two minutes.
    await h.database.executeSql(
      `UPDATE pgboss.queue SET singletons_active = ARRAY[$1::text] WHERE name = 'outreach-account'`,
      [accountId],
    );
    // Until this process's workers have read the row again (a restarted process reads it at its start).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await recoverAbandonedRunners(h.deps, h.services.jobs, { everyLease: true })).toContain(accountId);
    expect(await sweepDueAccounts(h.deps)).toContain(accountId);
    // Within a few of the workers' 5 s re-reads, even with the whole suite running on two cores (20 s was
    // once too short there); without the fix, the key stays skipped until pg-boss's monitor runs again (up
    // to two minutes), so 45 s still tells the two apart.
    await expect.poll(() => runsOf(accountId), { timeout: 45_000 }).toBe(2);
  });
});
