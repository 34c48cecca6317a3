import { and, isNotNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { linkedinAccounts } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';

/**
 * A runner job marked active this long whose account holds no lease has no live worker: a live one takes
 * the lease within milliseconds of taking the job, and completes the job milliseconds after releasing it.
 * The lease's TTL, so a job is never judged sooner than a lease would be.
 */
const LEASELESS_JOB_MS = 20_000;

/**
 * Frees the accounts whose runner died. A live runner renews its lease every few seconds and releases
 * it (back to null) when it ends, so a lease that is set but past its end was left by a runner whose
 * process died (or one that hung past the longest hold): the lease is released and the runner's job,
 * still marked active in the queue, is cancelled, or the account's one-job-per-account slot would stay
 * taken until the queue expires the job. The next sweep then queues a new runner, which reads LinkedIn
 * back before it sends anything.
 *
 * A process can also die while its runner holds the job but no lease: in the milliseconds between taking
 * the job and taking the lease, or between releasing the lease and completing the job. No lease names
 * that job, so it is found by itself: active for LEASELESS_JOB_MS on an account nobody leases. Left alone
 * it held the account's slot until the queue expired it (6 minutes after it was taken): the one slow
 * resumption of the kill -9 runs.
 *
 * `everyLease`: at the start of the only process that may use the database (the embedded one, whose
 * data directory is locked), every lease and every active runner job belongs to a process that is gone.
 */
export const recoverAbandonedRunners = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  jobs: Pick<JobQueue, 'cancelActive' | 'activeJobs' | 'cancel'>,
  options: { everyLease?: boolean } = {},
): Promise<string[]> => {
  const now = deps.clock.now();
  const freed = await deps.db
    .update(linkedinAccounts)
    .set({ engineLeaseUntil: null, engineLeaseHolder: null })
    .where(
      options.everyLease
        ? isNotNull(linkedinAccounts.engineLeaseUntil)
        : and(isNotNull(linkedinAccounts.engineLeaseUntil), lte(linkedinAccounts.engineLeaseUntil, now)),
    )
    .returning({ id: linkedinAccounts.id });
  for (const { id } of freed) await jobs.cancelActive('outreach-account', id);
  const leaseless = await cancelLeaselessJobs(deps, jobs, options.everyLease ?? false);
  return [...new Set([...freed.map((row) => row.id), ...leaseless])];
};

/** Cancels the runner jobs left active without a lease (see above); answers their accounts. */
const cancelLeaselessJobs = async (
  deps: Pick<AppDeps, 'db'>,
  jobs: Pick<JobQueue, 'activeJobs' | 'cancel'>,
  everyJob: boolean,
): Promise<string[]> => {
  const active = await jobs.activeJobs('outreach-account');
  const candidates = everyJob ? active : active.filter((job) => job.ageMs >= LEASELESS_JOB_MS);
  if (candidates.length === 0) return [];
  const leased = new Set(
    everyJob
      ? []
      : (
          await deps.db
            .select({ id: linkedinAccounts.id })
            .from(linkedinAccounts)
            .where(isNotNull(linkedinAccounts.engineLeaseUntil))
        ).map((row) => row.id),
  );
  const abandoned = candidates.filter((job) => !job.singletonKey || !leased.has(job.singletonKey));
  await jobs.cancel(
    'outreach-account',
    abandoned.map((job) => job.id),
  );
  return abandoned.flatMap((job) => (job.singletonKey ? [job.singletonKey] : []));
};
