import { SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { notices } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * Marks the caller's notices read: the ones named, or all of them. A named notice that is not the caller's
 * is a 404 and nothing is marked. Answers how many are left unread.
 */
export const readNotices = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  ids: number[] | undefined,
): Promise<{ unread: number }> => {
  const own = eq(notices.userId, userId);
  await deps.db.transaction(async (tx) => {
    if (ids === undefined) {
      await tx
        .update(notices)
        .set({ readAt: deps.clock.now() })
        .where(and(own, isNull(notices.readAt)));
      return;
    }
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return;
    const marked = await tx
      .update(notices)
      .set({ readAt: deps.clock.now() })
      .where(and(own, inArray(notices.id, wanted)))
      .returning({ id: notices.id });
    // Rolled back with the transaction: a list naming someone else's notice marks none.
    if (marked.length < wanted.length) throw notFound(SCHEDULE_MESSAGES.noticeNotFound);
  });
  const [unread] = await deps.db
    .select({ count: count() })
    .from(notices)
    .where(and(own, isNull(notices.readAt)));
  return { unread: unread?.count ?? 0 };
};
