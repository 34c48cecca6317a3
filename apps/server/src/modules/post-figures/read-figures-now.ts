import { CONTENT_POSTS_MESSAGES, type TReadPostFiguresResponse } from '@sales-assist/contract';
import { and, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { postFigureChecks, scheduledPosts } from '../../db/schema';
import { readNowCondition } from './due-posts';

/**
 * A person asks for their posts' figures now (a post just published, a campaign to report on): a read is
 * queued for each of their connections with posts of the window not read in the last minutes, apart from
 * the schedule's own reads (its own job key, so a scheduled read already waiting does not swallow it). The
 * read goes at the usual pace, and a post read moments ago is left out, so pressing again costs the
 * platforms nothing. Only the caller's own posts and connections are looked at.
 */
export const readFiguresNow = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId: string,
): Promise<TReadPostFiguresResponse> => {
  const rows = await deps.db
    .select({ connectionId: scheduledPosts.connectionId, posts: count() })
    .from(scheduledPosts)
    .leftJoin(postFigureChecks, eq(postFigureChecks.scheduledPostId, scheduledPosts.id))
    .where(and(eq(scheduledPosts.userId, userId), readNowCondition(deps.clock.now())))
    .groupBy(scheduledPosts.connectionId);
  let posts = 0;
  for (const row of rows) {
    if (!row.connectionId) continue;
    await deps.jobs.send(
      'post-figures-fetch',
      { connectionId: row.connectionId, readNow: true },
      { singletonKey: `${row.connectionId}:now` },
    );
    posts += row.posts;
  }
  return {
    posts,
    message: posts > 0 ? CONTENT_POSTS_MESSAGES.readingFigures(posts) : CONTENT_POSTS_MESSAGES.nothingToRead,
  };
};
