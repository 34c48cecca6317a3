import type { AppDeps } from '../../../app-deps';
import type { JobQueue } from '../../../jobs/job-queue';
import type { EngineOptions } from './engine-settings';
import { publishScheduledPosts } from './publish-scheduled-post';

/**
 * How each process fetches publish-post jobs (docs/decisions/publishing.md, "Publishing on the minute"):
 * batches of 50, read, taken and settled in a few statements whatever their size; the platform slots, not the
 * batches, bound the calls in flight. A worker fetches again only once its whole batch has settled, so there
 * are more batches than one batch's slowest post could hold up: 8 on PostgreSQL (400 posts taken at once,
 * their round trips overlapping on the pool), 4 on the embedded database, whose one thread also runs every
 * statement and every lease renewal of the posts taken (there, 8 measured slower than 4).
 */
export const publishWorkersFor = (deps: Pick<AppDeps, 'config'>) =>
  ({ concurrency: deps.config.databaseUrl ? 8 : 4, batchSize: 50 }) as const;

/** How long after a whole minute the workers are woken: the jobs of that minute may start then. */
const WAKE_AFTER_MINUTE_MS = 50;

/**
 * Works the publish-post queue in this process, and wakes its workers at every whole minute, when the posts
 * scheduled for it fall due (the calendar schedules to the minute): they fetch at once rather than at their
 * next poll. Answers the stop of the minute timer.
 */
export const workPublishPosts = async (
  jobs: Pick<JobQueue, 'workBatches' | 'wake'>,
  deps: AppDeps,
  options: EngineOptions = {},
): Promise<{ stop: () => void }> => {
  await jobs.workBatches(
    'publish-post',
    async (batch) => {
      await publishScheduledPosts(
        deps,
        batch.map((job) => job.data.scheduledPostId),
        options,
      );
    },
    publishWorkersFor(deps),
  );
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    const now = Date.now();
    const next = Math.ceil((now + 1) / 60_000) * 60_000 + WAKE_AFTER_MINUTE_MS;
    timer = setTimeout(() => {
      jobs.wake('publish-post');
      arm();
    }, next - now);
    timer.unref();
  };
  arm();
  return {
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};
