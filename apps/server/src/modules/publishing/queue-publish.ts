import type { AppDeps } from '../../app-deps';

/**
 * Queues the publish job of a scheduled post for its minute (or for the end of a pause). The job itself
 * claims the row and checks its time and state, so a job for an earlier time or a second job is harmless;
 * the singleton key keeps one waiting job per post and instant.
 */
export const queuePublish = async (
  deps: Pick<AppDeps, 'jobs'>,
  post: { id: number; at: Date },
): Promise<void> => {
  await deps.jobs.send(
    'publish-post',
    { scheduledPostId: post.id },
    { startAfter: post.at, singletonKey: `${post.id}@${post.at.toISOString()}` },
  );
};
