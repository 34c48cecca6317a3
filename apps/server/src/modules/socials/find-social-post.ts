import { SOCIAL_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The caller's social post, or 404 (another user's post is answered exactly like a missing one). */
export const findSocialPost = async (db: DbOrTx, userId: string, id: number): Promise<ContentItemRow> => {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(
      and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, 'social_post')),
    );
  if (!row) throw notFound(SOCIAL_MESSAGES.postNotFound);
  return row;
};
