import {
  CONTENT_FIGURE_METRICS,
  CONTENT_POSTS_MESSAGES,
  CONTENT_POSTS_PER_PAGE,
  type TContentFigureState,
  type TContentPost,
  type TContentPostFigure,
  type TContentPostsResponse,
  type ZContentPostsQuery,
  type z,
} from '@sales-assist/contract';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems, postFigureChecks, postFigures, scheduledPosts } from '../../db/schema';
import { afterCursor, encodeCursor } from '../../http/page-cursor';
import { contentBodyStart, titleOf } from '../content/content-title';

type Query = z.output<typeof ZContentPostsQuery>;

const METRIC_ORDER = new Map<string, number>(CONTENT_FIGURE_METRICS.map(({ key }, index) => [key, index]));

const cursorOf = (cursor: string | undefined): SQL | undefined =>
  afterCursor(
    cursor,
    { time: scheduledPosts.publishedAt, id: scheduledPosts.id },
    CONTENT_POSTS_MESSAGES.badCursor,
  );

/**
 * The caller's published posts, the newest first, a page at a time off the (user, published_at) index of
 * published posts, each with the figures its platform gave (each with its source and as-of date) and where
 * its figures stand. Only the caller's own posts and figures are ever read.
 */
export const listContentPosts = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: Query,
): Promise<TContentPostsResponse> => {
  const size = CONTENT_POSTS_PER_PAGE;
  const rows = await deps.db
    .select({
      id: scheduledPosts.id,
      network: scheduledPosts.platform,
      account: scheduledPosts.targetName,
      publishedAt: scheduledPosts.publishedAt,
      publishedAtText: sql<string>`${scheduledPosts.publishedAt}::text`,
      url: scheduledPosts.externalUrl,
      title: contentItems.title,
      bodyStart: contentBodyStart,
      state: postFigureChecks.state,
      reason: postFigureChecks.reason,
      checkedAt: postFigureChecks.checkedAt,
    })
    .from(scheduledPosts)
    .innerJoin(contentItems, eq(contentItems.id, scheduledPosts.contentItemId))
    .leftJoin(postFigureChecks, eq(postFigureChecks.scheduledPostId, scheduledPosts.id))
    .where(
      and(
        eq(scheduledPosts.userId, userId),
        eq(scheduledPosts.status, 'published'),
        isNotNull(scheduledPosts.publishedAt),
        query.network ? eq(scheduledPosts.platform, query.network) : undefined,
        cursorOf(query.cursor),
      ),
    )
    .orderBy(desc(scheduledPosts.publishedAt), desc(scheduledPosts.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const ids = page.map((row) => row.id);
  const figures =
    ids.length === 0
      ? []
      : await deps.db
          .select()
          .from(postFigures)
          .where(and(eq(postFigures.userId, userId), inArray(postFigures.scheduledPostId, ids)));
  const byPost = new Map<number, TContentPostFigure[]>();
  for (const figure of figures) {
    const list = byPost.get(figure.scheduledPostId) ?? [];
    list.push({
      metric: figure.metric as TContentPostFigure['metric'],
      value: figure.value,
      source: figure.source,
      as_of: figure.figureDate.toISOString(),
      fetched_at: figure.fetchedAt.toISOString(),
    });
    byPost.set(figure.scheduledPostId, list);
  }
  const posts: TContentPost[] = page.map((row) => {
    const state: TContentFigureState = row.network === 'wordpress' ? 'not_offered' : (row.state ?? 'waiting');
    return {
      id: row.id,
      network: row.network,
      title: titleOf(row.title, row.bodyStart) || 'Untitled post',
      account: row.account,
      published_at: (row.publishedAt as Date).toISOString(),
      url: row.url,
      state,
      state_reason: row.reason,
      checked_at: row.checkedAt?.toISOString() ?? null,
      figures: (byPost.get(row.id) ?? []).sort(
        (a, b) => (METRIC_ORDER.get(a.metric) ?? 99) - (METRIC_ORDER.get(b.metric) ?? 99),
      ),
    };
  });
  const last = page.at(-1);
  return {
    posts,
    next_cursor:
      rows.length > size && last ? encodeCursor({ createdAt: last.publishedAtText, id: last.id }) : null,
  };
};
