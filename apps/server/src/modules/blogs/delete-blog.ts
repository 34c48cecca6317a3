import { BLOG_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';
import { givePlanUnitsBack } from '../plan-limits/take-plan-units';
import { blogDataOf } from './blog-view';

/** Deletes a post (its job, if still writing, notices at its next beat and stops). */
export const deleteBlog = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<TMessageResponse> =>
  deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(contentItems)
      .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, 'blog')))
      .returning();
    if (!deleted) throw notFound(BLOG_MESSAGES.blogNotFound);
    await giveBackUnwrittenPost(tx, deleted);
    return { message: BLOG_MESSAGES.deleted };
  });

/**
 * In the transaction that deleted an item (here or from History): a blog post deleted before it was
 * written gives its unit back, as a failed one does: it never delivered anything.
 */
export const giveBackUnwrittenPost = async (tx: DbOrTx, deleted: ContentItemRow): Promise<void> => {
  if (deleted.kind !== 'blog' || deleted.status !== 'generating') return;
  const { planPeriod } = blogDataOf(deleted);
  if (planPeriod)
    await givePlanUnitsBack(tx, { userId: deleted.userId, metric: 'blogs', period: planPeriod });
};
