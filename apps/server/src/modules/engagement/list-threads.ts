import {
  ENGAGEMENT_LIMITS,
  ENGAGEMENT_MESSAGES,
  type TThreadsResponse,
  type ZThreadsQuery,
} from '@sales-assist/contract';
import { and, desc, eq, gt, ilike, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { campaignLeads, conversationMessages, conversations } from '../../db/schema';
import { afterCursor, encodeCursor } from '../../http/page-cursor';
import { threadSummaryOf, threadsFrom } from './thread-view';

type Query = z.output<typeof ZThreadsQuery>;

/** `%`, `_` and `\` stand for themselves in a search. */
const likePattern = (words: string): string => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Unread messages across the caller's threads: the sidebar's badge (a partial index of unread threads). */
export const unreadTotal = async (deps: Pick<AppDeps, 'db'>, userId: string): Promise<number> => {
  const [row] = await deps.db
    .select({ n: sum(conversations.unreadCount).mapWith(Number) })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), gt(conversations.unreadCount, 0)));
  return row?.n ?? 0;
};

const cursorOf = (cursor: string | undefined): SQL | undefined =>
  afterCursor(
    cursor,
    { time: conversations.lastMessageAt, id: conversations.id },
    ENGAGEMENT_MESSAGES.badCursor,
  );

/**
 * The caller's threads, the one with the newest message first, a page at a time off the (user, last
 * message) index; the search looks in the lead's name and company and in the thread's messages.
 */
export const listThreads = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: Query,
): Promise<TThreadsResponse> => {
  const words = query.q?.trim();
  const pattern = words ? likePattern(words) : null;
  const conditions = [
    eq(conversations.userId, userId),
    query.campaign_id ? eq(campaignLeads.campaignId, query.campaign_id) : undefined,
    query.account_id ? eq(conversations.accountId, query.account_id) : undefined,
    query.label === 'none'
      ? isNull(campaignLeads.label)
      : query.label
        ? eq(campaignLeads.label, query.label)
        : undefined,
    query.unread === true ? gt(conversations.unreadCount, 0) : undefined,
    query.unread === false ? eq(conversations.unreadCount, 0) : undefined,
    pattern
      ? or(
          ilike(campaignLeads.name, pattern),
          ilike(campaignLeads.company, pattern),
          sql`EXISTS (SELECT 1 FROM ${conversationMessages} WHERE ${conversationMessages.conversationId} = ${conversations.id} AND ${conversationMessages.text} ILIKE ${pattern})`,
        )
      : undefined,
    cursorOf(query.cursor),
  ];
  const size = ENGAGEMENT_LIMITS.threadsPerPage;
  const [rows, unread] = await Promise.all([
    threadsFrom(deps)
      .where(and(...conditions))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(size + 1),
    unreadTotal(deps, userId),
  ]);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    threads: page.map(threadSummaryOf),
    next_cursor:
      rows.length > size && last ? encodeCursor({ createdAt: last.lastMessageAtText, id: last.id }) : null,
    unread_total: unread,
  };
};
