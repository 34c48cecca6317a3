import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

type ContentKind = ContentItemRow['kind'];

/** The condition "this is the caller's item of `kind`", for reads, updates and deletes alike. */
export const ownItemOf = (userId: string, id: number, kind: ContentKind) =>
  and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, kind));

/**
 * One of the caller's content items of `kind`; anyone else's (or another kind, or none) is a 404 with
 * `notFoundMessage`, never a hint that it exists. `forUpdate` locks the row for the caller's transaction.
 */
export const findOwnContentItem = async (
  db: DbOrTx,
  userId: string,
  id: number,
  kind: ContentKind,
  notFoundMessage: string,
  options: { forUpdate?: boolean } = {},
): Promise<ContentItemRow> => {
  const query = db
    .select()
    .from(contentItems)
    .where(ownItemOf(userId, id, kind));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(notFoundMessage);
  return row;
};
