import type { AppDeps } from '../../../app-deps';
import { batchQueue, minuteTick, WORKING } from '../../../jobs/background-work';
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

/**
 * The publish-post queue as background work (background-work.ts): batches fetched and handled whole by
 * publishScheduledPosts. `options` stand in for the platforms and slots in tests.
 */
export const publishPostsQueue = (options: EngineOptions = {}) =>
  batchQueue<AppDeps, 'publish-post'>('publish-post', {
    roles: WORKING,
    batches: publishWorkersFor,
    pace: 'batches of 50, 8 at once on PostgreSQL, 4 on the embedded database',
    handle: async (batch, { deps }) => {
      await publishScheduledPosts(
        deps,
        batch.map((job) => job.data.scheduledPostId),
        options,
      );
    },
  });

/**
 * Wakes the workers 50 ms after each whole minute, when the posts scheduled for it fall due (the calendar
 * schedules to the minute): they fetch at once rather than at their next poll.
 */
export const publishMinuteWake = minuteTick<AppDeps>('publish-minute-wake', {
  roles: WORKING,
  afterMs: 50,
  run: ({ jobs }) => jobs.wake('publish-post'),
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Works the publish-post queue in this process with its minute wake-up, outside the list of background work
 * (tests and benches that work the queue with stand-in platforms). Answers the stop of the minute timer.
 */
export const workPublishPosts = async (
  jobs: JobQueue,
  deps: AppDeps,
  options: EngineOptions = {},
): Promise<{ stop: () => void }> => {
  const context = { deps, jobs, log: quiet };
  await publishPostsQueue(options).start(context);
  const wake = await publishMinuteWake.start(context);
  return { stop: () => void wake?.stop() };
};
