import type { AppDeps } from '../../app-deps';
import type { JobQueue } from '../../jobs/job-queue';
import { requeueStalledMessages } from '../campaign-messages/requeue-stalled-messages';
import { recoverAbandonedRunners } from './recover-runners';
import { runAccount } from './run-account';
import { sweepDueAccounts } from './sweep';

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** Accounts one process runs at once: each waits on LinkedIn most of the time. */
const RUNNERS_PER_PROCESS = 4;

/**
 * The outreach engine in this process: a sweep every OUTREACH_SWEEP_SECONDS queues a runner job for
 * each account with a due step, and this process works those jobs like any other worker. Every process
 * may do both; the database decides who does what.
 */
export const startOutreachEngine = async (
  jobs: JobQueue,
  deps: AppDeps,
  log: Log,
): Promise<{ stop: () => void }> => {
  // Embedded database: this process is the only one (the data directory is locked), so every lease
  // and active runner job left in it belongs to a process that stopped, however it stopped.
  const recovered = await recoverAbandonedRunners(deps, jobs, { everyLease: !deps.config.databaseUrl });
  if (recovered.length > 0)
    log.warn({ accounts: recovered.length }, 'outreach runners of a stopped process freed');
  await jobs.work(
    'outreach-account',
    async ({ accountId }) => void (await runAccount({ ...deps, log }, accountId)),
    {
      concurrency: RUNNERS_PER_PROCESS,
    },
  );
  let sweeping = false;
  const tick = () => {
    if (sweeping) return;
    sweeping = true;
    // The same tick also re-queues campaign messages whose job was never queued or got lost.
    Promise.all([
      recoverAbandonedRunners(deps, jobs).then(() => sweepDueAccounts(deps)),
      requeueStalledMessages(deps),
    ])
      .catch((error: unknown) => log.error({ err: error }, 'outreach sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  };
  const timer = setInterval(tick, deps.config.outreach.sweepMs);
  timer.unref();
  // At once too, so outreach a restart interrupted resumes without waiting a whole sweep interval.
  tick();
  return { stop: () => clearInterval(timer) };
};
