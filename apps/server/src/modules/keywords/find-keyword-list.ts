import { KEYWORD_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

/** One of the caller's keyword lists; anyone else's (or none) is a 404, never a hint that it exists. */
export const findOwnKeywordList = async (
  db: DbOrTx,
  userId: string,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ContentItemRow> => {
  const query = db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, 'keywords')));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(KEYWORD_MESSAGES.listNotFound);
  return row;
};
