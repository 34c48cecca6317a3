import { and, isNotNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { linkedinAccounts } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';

/**
 * Frees the accounts whose runner died. A live runner renews its lease every few seconds and releases
 * it (back to null) when it ends, so a lease that is set but past its end was left by a runner whose
 * process died (or one that hung past the longest hold): the lease is released and the runner's job,
 * still marked active in the queue, is cancelled, or the account's one-job-per-account slot would stay
 * taken until the queue expires the job. The next sweep then queues a new runner, which reads LinkedIn
 * back before it sends anything.
 *
 * `everyLease`: at the start of the only process that may use the database (the embedded one, whose
 * data directory is locked), every lease belongs to a process that is gone, expired or not.
 */
export const recoverAbandonedRunners = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  jobs: Pick<JobQueue, 'cancelActive'>,
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
  return freed.map((row) => row.id);
};
