import { HISTORY_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';
import { giveBackUnwrittenPost } from '../blogs/delete-blog';
import { removeOwnedPicture } from '../socials/remove-owned-picture';

/**
 * Deletes one of the caller's items, of any kind. Items made from it (a repurposed post, a copy) stay:
 * their source_id then names an item that is gone, and they say so by not finding it. A blog post
 * still being written gives its plan unit back, as it does when deleted from Blogs; a social post's own
 * picture file is removed.
 */
export const deleteItem = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  id: number,
): Promise<{ message: string }> => {
  const deleted = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(contentItems)
      .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId)))
      .returning();
    if (!deleted) throw notFound(HISTORY_MESSAGES.itemNotFound);
    await giveBackUnwrittenPost(tx, deleted);
    return deleted;
  });
  // A social post's own picture file goes with it (after the commit: a rollback keeps the file).
  await removeOwnedPicture(deps, deleted);
  return { message: HISTORY_MESSAGES.deleted };
};
