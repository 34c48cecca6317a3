import { BLOG_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, type ContentKind, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The user's item of this kind; anyone else's (or none) is a 404, never a hint that it exists. */
export const findOwnItem = async (
  db: DbOrTx,
  userId: string,
  id: number,
  kind: Extract<ContentKind, 'blog' | 'blog_topic'>,
): Promise<ContentItemRow> => {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, kind)));
  if (!row) throw notFound(kind === 'blog' ? BLOG_MESSAGES.blogNotFound : BLOG_MESSAGES.topicNotFound);
  return row;
};
