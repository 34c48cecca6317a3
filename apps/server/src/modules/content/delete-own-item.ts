import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ownItemOf } from './find-own-item';

/**
 * Deletes one of the caller's content items of `kind` and answers the deleted row; anyone else's item (or
 * another kind) is not found, with `notFoundMessage`.
 */
export const deleteOwnContentItem = async (
  db: DbOrTx,
  userId: string,
  id: number,
  kind: ContentItemRow['kind'],
  notFoundMessage: string,
): Promise<ContentItemRow> => {
  const [deleted] = await db
    .delete(contentItems)
    .where(ownItemOf(userId, id, kind))
    .returning();
  if (!deleted) throw notFound(notFoundMessage);
  return deleted;
};
