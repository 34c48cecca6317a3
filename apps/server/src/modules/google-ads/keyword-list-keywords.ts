import { GOOGLE_AD_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

/** A keyword as a saved list keeps it: { text, … } (Keywords screen), or a bare string. */
const textOf = (keyword: unknown): string | null => {
  if (typeof keyword === 'string') return keyword;
  if (keyword && typeof keyword === 'object' && typeof (keyword as { text?: unknown }).text === 'string') {
    return (keyword as { text: string }).text;
  }
  return null;
};

/**
 * The keywords of one of the caller's saved keyword lists (content_items of kind 'keywords'), in the
 * list's order. Another user's list, or none, is not found.
 */
export const keywordListKeywords = async (db: DbOrTx, userId: string, listId: number): Promise<string[]> => {
  const [row] = await db
    .select({ data: contentItems.data })
    .from(contentItems)
    .where(
      and(eq(contentItems.id, listId), eq(contentItems.userId, userId), eq(contentItems.kind, 'keywords')),
    );
  if (!row) throw notFound(GOOGLE_AD_MESSAGES.keywordListNotFound);
  const keywords = Array.isArray(row.data.keywords) ? row.data.keywords : [];
  return keywords.map(textOf).filter((text): text is string => text !== null && text.trim() !== '');
};
