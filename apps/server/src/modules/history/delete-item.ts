import { HISTORY_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * Deletes one of the caller's items, of any kind. Items made from it (a repurposed post, a copy) stay:
 * their source_id then names an item that is gone, and they say so by not finding it.
 */
export const deleteItem = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ message: string }> => {
  const deleted = await deps.db
    .delete(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId)))
    .returning({ id: contentItems.id });
  if (deleted.length === 0) throw notFound(HISTORY_MESSAGES.itemNotFound);
  return { message: HISTORY_MESSAGES.deleted };
};
