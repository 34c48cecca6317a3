import type { AppDeps } from '../../app-deps';
import { connectionsWithDuePosts } from './due-posts';

/**
 * Queues a figures read for each connection with posts due (every 15 minutes): a post's first read comes
 * within a quarter of an hour of its first hour, then at its schedule (figure-schedule.ts). One job per
 * connection at a time (the queue's policy), so a connection is read at its own pace, never twice at once.
 */
export const sweepPostFigures = async (deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>): Promise<number> => {
  const connections = await connectionsWithDuePosts(deps, deps.clock.now());
  for (const connectionId of connections)
    await deps.jobs.send('post-figures-fetch', { connectionId }, { singletonKey: connectionId });
  return connections.length;
};
