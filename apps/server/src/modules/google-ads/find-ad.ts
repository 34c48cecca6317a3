import { GOOGLE_AD_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

export const isAdOf = (userId: string, id: number) =>
  and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, 'google_ad'));

/** One of the caller's Google ads; anyone else's (or another kind of item) is not found. */
export const findAd = async (db: DbOrTx, userId: string, id: number): Promise<ContentItemRow> => {
  const [row] = await db.select().from(contentItems).where(isAdOf(userId, id));
  if (!row) throw notFound(GOOGLE_AD_MESSAGES.adNotFound);
  return row;
};
