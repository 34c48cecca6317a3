import { ZId } from './leads';
import { z } from './messages';

/** Everything the app generates (content_items.kind); History shows and filters by these. */
export const HISTORY_KINDS = [
  'blog_topic',
  'blog',
  'linkedin_post',
  'social_post',
  'google_ad',
  'keywords',
] as const;
export type THistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_KIND_LABELS: Record<THistoryKind, string> = {
  blog_topic: 'Blog topic',
  blog: 'Blog post',
  linkedin_post: 'LinkedIn post',
  social_post: 'Social post',
  google_ad: 'Google ad',
  keywords: 'Keywords',
};

export const HISTORY_SEARCH_MAX = 200;
export const HISTORY_PAGE_SIZE = { default: 20, max: 50 } as const;

export const HISTORY_MESSAGES = {
  itemNotFound: 'Item not found',
  duplicated: 'Duplicated',
  deleted: 'Deleted',
  notReady: 'This item is still being written (or failed): only a finished item can be duplicated',
  badCursor: 'cursor is not valid: use the next_cursor of the previous page',
} as const;

/**
 * Keyset paging on (created_at desc, id desc): `cursor` is the previous page's `next_cursor`, so a
 * page costs the same at item 20 and at item 100,000, and new items never shift a page being read.
 */
export const ZHistoryQuery = z.object({
  kind: z.enum(HISTORY_KINDS).optional(),
  q: z
    .string()
    .trim()
    .max(HISTORY_SEARCH_MAX)
    .optional()
    .describe('text the title contains, any letter case'),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE.max).default(HISTORY_PAGE_SIZE.default),
});
export type THistoryQuery = z.input<typeof ZHistoryQuery>;

export const ZHistoryItem = z.object({
  id: z.number().int(),
  kind: z.enum(HISTORY_KINDS),
  status: z.enum(['generating', 'ready', 'failed']),
  title: z.string(),
  /** The first words of the text (HTML taken out). */
  excerpt: z.string(),
  writer: z.enum(['llm', 'offline']),
  /** The model's name when an AI model wrote it. */
  model: z.string().nullable(),
  prompt: z
    .object({ id: z.number().int(), name: z.string(), version: z.number().int().nullable() })
    .nullable(),
  source_id: z.number().int().nullable(),
  /** The title of the item it was made from; null when there is none or it was deleted. */
  source_title: z.string().nullable(),
  created_at: z.string().describe('ISO 8601'),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;

export const ZHistoryResponse = z.object({
  items: z.array(ZHistoryItem),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
});
export type THistoryResponse = z.infer<typeof ZHistoryResponse>;

export const ZHistoryIdParams = z.object({ id: ZId });
export const ZHistoryDuplicateResponse = z.object({ message: z.string(), item: ZHistoryItem });
