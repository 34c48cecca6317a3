import type { AppDeps } from '../../app-deps';
import type { JobQueue } from '../../jobs/job-queue';
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
  await jobs.work(
    'outreach-account',
    async ({ accountId }) => void (await runAccount({ ...deps, log }, accountId)),
    {
      concurrency: RUNNERS_PER_PROCESS,
    },
  );
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepDueAccounts(deps)
      .catch((error: unknown) => log.error({ err: error }, 'outreach sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, deps.config.outreach.sweepMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
