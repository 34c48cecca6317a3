import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

/** One of the caller's LinkedIn posts; anyone else's (or another kind of item) is not found. */
export const findPost = async (db: DbOrTx, userId: string, id: number): Promise<ContentItemRow> => {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(
      and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, 'linkedin_post')),
    );
  if (!row) throw notFound(LINKEDIN_POST_MESSAGES.postNotFound);
  return row;
};
