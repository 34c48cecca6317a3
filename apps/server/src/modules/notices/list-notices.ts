import { NOTICES_PAGE_SIZE, type TNoticesResponse } from '@sales-assist/contract';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { notices } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../http/page-cursor';

/**
 * A page of the caller's notices, newest first, on the (user_id, created_at desc, id desc) index with the
 * same keyset cursor as History, and how many are unread.
 */
export const listNotices = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: { cursor?: string },
): Promise<TNoticesResponse> => {
  const conditions: SQL[] = [eq(notices.userId, userId)];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      sql`(${notices.createdAt}, ${notices.id}) < (${after.createdAt}::timestamptz, ${after.id})`,
    );
  }
  const [rows, [unread]] = await Promise.all([
    deps.db
      .select({ notice: notices, createdAtText: sql<string>`${notices.createdAt}::text` })
      .from(notices)
      .where(and(...conditions))
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(NOTICES_PAGE_SIZE + 1),
    deps.db
      .select({ count: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt))),
  ]);
  const page = rows.slice(0, NOTICES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map(({ notice }) => ({
      id: notice.id,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      read: notice.readAt !== null,
      created_at: notice.createdAt.toISOString(),
    })),
    unread: unread?.count ?? 0,
    next_cursor:
      rows.length > NOTICES_PAGE_SIZE && last
        ? encodeCursor({ createdAt: last.createdAtText, id: last.notice.id })
        : null,
  };
};
