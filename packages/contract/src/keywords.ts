import { ZId } from './leads';
import { z } from './messages';

/**
 * Keyword research (spec §1 Ads → Keywords, §2 /advertising and /advertising/keywords): ideas from the
 * brand profile and seed terms, grouped by theme and search intent, with our own relevance score;
 * search volume, cost per click and competition only from a real provider (the Google Ads API).
 */

export const KEYWORD_INTENTS = ['informational', 'commercial', 'transactional', 'navigational'] as const;
export type TKeywordIntent = (typeof KEYWORD_INTENTS)[number];
export const ZKeywordIntent = z.enum(KEYWORD_INTENTS);

export const KEYWORD_INTENT_LABELS: Record<TKeywordIntent, string> = {
  informational: 'Informational',
  commercial: 'Commercial',
  transactional: 'Transactional',
  navigational: 'Navigational',
};

/** What each intent means, for the screen's badges. */
export const KEYWORD_INTENT_HINTS: Record<TKeywordIntent, string> = {
  informational: 'The searcher wants to learn something',
  commercial: 'The searcher compares options before buying',
  transactional: 'The searcher is ready to buy or sign up',
  navigational: 'The searcher looks for a particular brand or site',
};

export const KEYWORD_TEXT_MAX = 80;
export const KEYWORD_SEEDS_MAX = 10;
export const KEYWORD_TOPIC_MAX = 200;
export const KEYWORD_LIST_NAME_MAX = 120;
/** A list holds at most this many keywords (Google Ads takes 20 per keyword ideas request; lists are for ads and blogs). */
export const KEYWORD_LIST_MAX = 200;
export const KEYWORD_IDEAS_COUNT = { min: 5, max: 60, default: 30 } as const;
/** Google Ads' keyword ideas service in metric providers' names. */
export const KEYWORD_METRICS_PROVIDERS = ['google_ads'] as const;

export const KEYWORD_MESSAGES = {
  seedEmpty: 'A seed term cannot be empty',
  seedTooLong: `A seed term can be at most ${KEYWORD_TEXT_MAX} characters`,
  tooManySeeds: `Use at most ${KEYWORD_SEEDS_MAX} seed terms`,
  topicTooLong: `The focus topic can be at most ${KEYWORD_TOPIC_MAX} characters`,
  urlInvalid: 'Please enter a valid web address (http or https)',
  nothingToStartFrom:
    'Add your website in Settings, or type a few seed terms (or a page of your site) to find keywords from',
  keywordEmpty: 'A keyword cannot be empty',
  keywordTooLong: `A keyword can be at most ${KEYWORD_TEXT_MAX} characters`,
  listNameRequired: 'Please enter a list name',
  listNameTooLong: `The list name can be at most ${KEYWORD_LIST_NAME_MAX} characters`,
  listEmpty: 'Select at least one keyword to save',
  listTooLong: `A list can hold at most ${KEYWORD_LIST_MAX} keywords`,
  nothingToChange: 'Give a new name, keywords to add or keywords to remove',
  listNotFound: 'Keyword list not found',
  ideasFailed: 'The keyword ideas could not be found. Please try again.',
  saved: 'Keyword list saved',
  updated: 'Keyword list updated',
  deleted: 'Keyword list deleted',
  /** The screen's plain statement when no metrics provider is configured. */
  noProvider:
    'Search volume, cost per click and competition need a metrics provider: an administrator can connect the Google Ads API (its credentials) to show them. No numbers are estimated here.',
  relevanceNote:
    'Relevance is our own score of how closely a keyword matches your site and seed terms (0–100), not a figure from Google.',
} as const;

export const ZKeywordText = z
  .string()
  .trim()
  .min(1, KEYWORD_MESSAGES.keywordEmpty)
  .max(KEYWORD_TEXT_MAX, KEYWORD_MESSAGES.keywordTooLong);

/**
 * Metrics from the Google Ads keyword ideas service, as it answers them (any may be missing). Bids are
 * in the Google Ads account's currency (Google gives micros; these are whole units). Volumes are
 * Google's bucketed monthly averages.
 */
export const ZKeywordMetrics = z.object({
  avg_monthly_searches: z.number().int().nullable(),
  competition: z.enum(['low', 'medium', 'high']).nullable(),
  /** 0–100. */
  competition_index: z.number().int().nullable(),
  low_top_of_page_bid: z.number().nullable(),
  high_top_of_page_bid: z.number().nullable(),
  provider: z.enum(KEYWORD_METRICS_PROVIDERS),
});
export type TKeywordMetrics = z.infer<typeof ZKeywordMetrics>;

/** Where an idea came from. */
export const KEYWORD_SOURCES = ['seed', 'brand', 'site', 'writer', 'google_ads'] as const;
export const ZKeywordSource = z.enum(KEYWORD_SOURCES);

/** One keyword as the screen shows it and a list keeps it. */
export const ZKeyword = z.object({
  text: ZKeywordText,
  intent: ZKeywordIntent,
  theme: z.string().trim().max(KEYWORD_TEXT_MAX),
  /** Our own 0–100 score of the keyword's closeness to the site and seeds (KEYWORD_MESSAGES.relevanceNote). */
  relevance: z.number().int().min(0).max(100),
  /** null: no provider gave metrics (never estimated). */
  metrics: ZKeywordMetrics.nullable().default(null),
});
export type TKeyword = z.infer<typeof ZKeyword>;
export type TKeywordInput = z.input<typeof ZKeyword>;

export const ZKeywordIdea = ZKeyword.extend({ source: ZKeywordSource });
export type TKeywordIdea = z.infer<typeof ZKeywordIdea>;

const ZSeed = z
  .string()
  .trim()
  .min(1, KEYWORD_MESSAGES.seedEmpty)
  .max(KEYWORD_TEXT_MAX, KEYWORD_MESSAGES.seedTooLong);

/** POST /api/keywords/ideas. */
export const ZKeywordIdeasRequest = z.object({
  seed_terms: z.array(ZSeed).max(KEYWORD_SEEDS_MAX, KEYWORD_MESSAGES.tooManySeeds).default([]),
  topic: z.string().trim().max(KEYWORD_TOPIC_MAX, KEYWORD_MESSAGES.topicTooLong).default(''),
  /** A page of the user's own site to read for more ideas (read like the website check, never a private address). */
  url: z
    .url({ protocol: /^https?$/, message: KEYWORD_MESSAGES.urlInvalid })
    .max(2048, KEYWORD_MESSAGES.urlInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  count: z.coerce
    .number()
    .int()
    .min(KEYWORD_IDEAS_COUNT.min)
    .max(KEYWORD_IDEAS_COUNT.max)
    .default(KEYWORD_IDEAS_COUNT.default),
});
export type TKeywordIdeasRequest = z.input<typeof ZKeywordIdeasRequest>;

export const ZKeywordTheme = z.object({ theme: z.string(), ideas: z.array(ZKeywordIdea) });
export type TKeywordTheme = z.infer<typeof ZKeywordTheme>;

export const ZKeywordMetricsStatus = z.object({
  /** The provider that can give metrics, null when none is configured. */
  provider: z.enum(KEYWORD_METRICS_PROVIDERS).nullable(),
  /** Why metrics are missing from this answer (no provider, or the provider's error in words); null when present. */
  note: z.string().nullable(),
});
export type TKeywordMetricsStatus = z.infer<typeof ZKeywordMetricsStatus>;

export const ZKeywordIdeasResponse = z.object({
  /** Themes (clusters) in order of their best idea; ideas in each by intent, then relevance. */
  themes: z.array(ZKeywordTheme),
  metrics: ZKeywordMetricsStatus,
  writer: z.enum(['llm', 'offline']),
  fallback_reason: z.string().nullable(),
});
export type TKeywordIdeasResponse = z.infer<typeof ZKeywordIdeasResponse>;

const ZListName = z
  .string(KEYWORD_MESSAGES.listNameRequired)
  .trim()
  .min(1, KEYWORD_MESSAGES.listNameRequired)
  .max(KEYWORD_LIST_NAME_MAX, KEYWORD_MESSAGES.listNameTooLong);

export const ZCreateKeywordListRequest = z.object({
  name: ZListName,
  keywords: z
    .array(ZKeyword)
    .min(1, KEYWORD_MESSAGES.listEmpty)
    .max(KEYWORD_LIST_MAX, KEYWORD_MESSAGES.listTooLong),
  /** Who wrote the ideas the list was picked from (the ideas answer's `writer`), for History. */
  writer: z.enum(['llm', 'offline']).default('offline'),
});
export type TCreateKeywordListRequest = z.input<typeof ZCreateKeywordListRequest>;

/** PUT /api/keywords/lists/{id}: rename, add keywords (a keyword already there is updated), remove by text. */
export const ZUpdateKeywordListRequest = z
  .object({
    name: ZListName.optional(),
    add: z.array(ZKeyword).max(KEYWORD_LIST_MAX, KEYWORD_MESSAGES.listTooLong).default([]),
    remove: z.array(ZKeywordText).max(KEYWORD_LIST_MAX).default([]),
  })
  .refine((body) => body.name !== undefined || body.add.length > 0 || body.remove.length > 0, {
    message: KEYWORD_MESSAGES.nothingToChange,
  });
export type TUpdateKeywordListRequest = z.input<typeof ZUpdateKeywordListRequest>;

export const ZKeywordListIdParams = z.object({ id: ZId });

export const ZKeywordListSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  keyword_count: z.number().int(),
  /** The first keywords, for a preview. */
  preview: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TKeywordListSummary = z.infer<typeof ZKeywordListSummary>;

export const ZKeywordList = ZKeywordListSummary.omit({ preview: true }).extend({
  keywords: z.array(ZKeyword),
});
export type TKeywordList = z.infer<typeof ZKeywordList>;

export const ZKeywordListsResponse = z.object({ lists: z.array(ZKeywordListSummary) });
export type TKeywordListsResponse = z.infer<typeof ZKeywordListsResponse>;

export const ZKeywordListResponse = z.object({ message: z.string(), list: ZKeywordList });
export type TKeywordListResponse = z.infer<typeof ZKeywordListResponse>;

/** GET /api/keywords/lists/:id: one saved list with its keywords. */
export const ZKeywordListDetailResponse = z.object({ list: ZKeywordList });

/** The CSV export's columns, in order (metrics columns stay empty when no provider gave them). */
export const KEYWORD_CSV_COLUMNS = [
  'keyword',
  'intent',
  'theme',
  'relevance',
  'avg_monthly_searches',
  'competition',
  'competition_index',
  'low_top_of_page_bid',
  'high_top_of_page_bid',
] as const;

/**
 * The CSV export's file name from the list's name: keywords-<name>.csv with ASCII letters, digits and hyphens only
 * (safe in any header). The server names the download so and the web app saves it under the same name.
 */
export const keywordCsvFileName = (name: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `keywords-${slug || 'list'}.csv`;
};
