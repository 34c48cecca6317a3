import { BLOG_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';
import { givePlanUnitsBack } from '../plan-limits/take-plan-units';
import { blogDataOf } from './blog-view';

/**
 * Deletes a post (its job, if still writing, notices at its next beat and stops). A post deleted
 * before it was written gives its unit back, as a failed one does: it never delivered anything.
 */
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
    const { planPeriod } = blogDataOf(deleted);
    if (deleted.status === 'generating' && planPeriod) {
      await givePlanUnitsBack(tx, { userId, metric: 'blogs', period: planPeriod });
    }
    return { message: BLOG_MESSAGES.deleted };
  });
