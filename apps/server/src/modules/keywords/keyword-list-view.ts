import { type TKeyword, type TKeywordList, type TKeywordListSummary, ZKeyword } from '@sales-assist/contract';
import type { ContentItemRow } from '../../db/schema';

/** content_items.data of kind 'keywords': the list's keywords in its order (Google Ads reads `keywords[].text`). */
export type KeywordListData = { keywords: TKeyword[] };

const PREVIEW = 6;

/** The stored keywords, each checked (a row written by an older version keeps what still reads). */
export const keywordsOf = (row: Pick<ContentItemRow, 'data'>): TKeyword[] => {
  const stored = Array.isArray(row.data.keywords) ? row.data.keywords : [];
  return stored.flatMap((item) => {
    const parsed = ZKeyword.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
};

/** What History's excerpt and search read: the keywords, comma separated. */
export const keywordListBody = (keywords: readonly TKeyword[]): string =>
  keywords.map((keyword) => keyword.text).join(', ');

export const keywordListSummaryOf = (row: ContentItemRow): TKeywordListSummary => {
  const keywords = keywordsOf(row);
  return {
    id: row.id,
    name: row.title,
    keyword_count: keywords.length,
    preview: keywords.slice(0, PREVIEW).map((keyword) => keyword.text),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

export const keywordListOf = (row: ContentItemRow): TKeywordList => {
  const keywords = keywordsOf(row);
  return {
    id: row.id,
    name: row.title,
    keyword_count: keywords.length,
    keywords,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/** One entry per keyword (letter case and spacing ignored), the later one winning in the earlier's place. */
export const distinctKeywords = (keywords: readonly TKeyword[]): TKeyword[] => {
  const byKey = new Map<string, TKeyword>();
  for (const keyword of keywords) byKey.set(keywordTextKey(keyword.text), keyword);
  return [...byKey.values()];
};

export const keywordTextKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
