import { READ_FIGURES_AGAIN_MINUTES } from '@sales-assist/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { FIGURE_NETWORKS, postFigureChecks, scheduledPosts } from '../../db/schema';
import { FIRST_READ_AFTER_MS, windowStart } from './figure-schedule';

/** Out on a network that gives figures, on a connection still linked, published within the window. */
const publishedInWindow = (now: Date): SQL =>
  and(
    eq(scheduledPosts.status, 'published'),
    inArray(scheduledPosts.platform, [...FIGURE_NETWORKS]),
    isNotNull(scheduledPosts.externalId),
    isNotNull(scheduledPosts.connectionId),
    gte(scheduledPosts.publishedAt, windowStart(now)),
  ) as SQL;

/**
 * Published posts whose figures are due at `now`: out on a network that gives figures, published within
 * the window and at least an hour ago, on a connection still linked, and never read or due again by now.
 * Off the published posts' partial index.
 */
export const dueCondition = (now: Date): SQL =>
  and(
    publishedInWindow(now),
    lte(scheduledPosts.publishedAt, new Date(now.getTime() - FIRST_READ_AFTER_MS)),
    or(
      isNull(postFigureChecks.scheduledPostId),
      and(isNotNull(postFigureChecks.nextCheckAt), lte(postFigureChecks.nextCheckAt, now)),
    ),
  ) as SQL;

/**
 * Published posts whose figures a person asked to read now: any age within the window, unless the
 * platform no longer has the post or it was read in the last READ_FIGURES_AGAIN_MINUTES.
 */
export const readNowCondition = (now: Date): SQL =>
  and(
    publishedInWindow(now),
    or(
      isNull(postFigureChecks.scheduledPostId),
      and(
        ne(postFigureChecks.state, 'post_gone'),
        lte(postFigureChecks.checkedAt, new Date(now.getTime() - READ_FIGURES_AGAIN_MINUTES * 60_000)),
      ),
    ),
  ) as SQL;

/** The connections with posts due, each once. */
export const connectionsWithDuePosts = async (deps: Pick<AppDeps, 'db'>, now: Date): Promise<string[]> => {
  const rows = await deps.db
    .selectDistinct({ connectionId: scheduledPosts.connectionId })
    .from(scheduledPosts)
    .leftJoin(postFigureChecks, eq(postFigureChecks.scheduledPostId, scheduledPosts.id))
    .where(dueCondition(now));
  return rows.flatMap((row) => (row.connectionId ? [row.connectionId] : []));
};

export type DuePost = {
  id: number;
  userId: string;
  platform: (typeof FIGURE_NETWORKS)[number];
  externalId: string;
  publishedAt: Date;
};

/** One connection's due posts (or those asked for now), the longest waiting first, at most `limit`. */
export const duePostsOf = async (
  deps: Pick<AppDeps, 'db'>,
  connectionId: string,
  now: Date,
  limit: number,
  readNow = false,
): Promise<DuePost[]> => {
  const rows = await deps.db
    .select({
      id: scheduledPosts.id,
      userId: scheduledPosts.userId,
      platform: scheduledPosts.platform,
      externalId: scheduledPosts.externalId,
      publishedAt: scheduledPosts.publishedAt,
    })
    .from(scheduledPosts)
    .leftJoin(postFigureChecks, eq(postFigureChecks.scheduledPostId, scheduledPosts.id))
    .where(
      and(eq(scheduledPosts.connectionId, connectionId), readNow ? readNowCondition(now) : dueCondition(now)),
    )
    .orderBy(
      asc(sql`coalesce(${postFigureChecks.nextCheckAt}, ${scheduledPosts.publishedAt})`),
      asc(scheduledPosts.id),
    )
    .limit(limit);
  return rows.flatMap((row) =>
    row.externalId && row.publishedAt && row.platform !== 'wordpress'
      ? [{ ...row, platform: row.platform, externalId: row.externalId, publishedAt: row.publishedAt }]
      : [],
  );
};
