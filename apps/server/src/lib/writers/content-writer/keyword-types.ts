import type { TKeywordIntent } from '@sales-assist/contract';

/** Keyword research through the content writer (purpose `keywords`). */

/** What a page of the user's own site says, read by the keywords module (safe fetch), when one was given. */
export type KeywordSitePage = {
  url: string;
  title: string;
  headings: string[];
  keyPhrases: string[];
  /** Its readable text, cut to a size a prompt can hold. */
  text: string;
};

export type KeywordIdeasRequest = {
  /** The user's seed terms, cleaned, in their order. */
  seeds: string[];
  /** A focus topic, or ''. */
  topic: string;
  site: KeywordSitePage | null;
  count: number;
};

/** Where an idea came from: a seed term, the brand profile, the site page read, or the writer (a model). */
export type KeywordIdeaSource = 'seed' | 'brand' | 'site' | 'writer';

/** A keyword idea, without metrics: those come only from a metrics provider (lib/clients/keyword-ideas). */
export type KeywordIdeaDraft = {
  text: string;
  intent: TKeywordIntent;
  /** The theme (cluster) it belongs to, in lower case. */
  theme: string;
  /** Our own 0–100 closeness to the site and the seeds (keyword-relevance.ts), never a search figure. */
  relevance: number;
  source: KeywordIdeaSource;
};
