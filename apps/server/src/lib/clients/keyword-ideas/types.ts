import type { TKeywordMetrics } from '@sales-assist/contract';

/** One keyword as a metrics provider answers it. */
export type ProviderKeyword = { text: string; metrics: TKeywordMetrics };

export type KeywordIdeasQuery = {
  /** At most 20 (Google's keyword seed limit); more are cut. */
  keywords: string[];
  /** A page of the user's site to seed ideas from as well. */
  url?: string;
  /** At most this many ideas are read (pages are fetched until then). */
  limit: number;
  signal?: AbortSignal;
};

/**
 * Where search volume, cost per click and competition come from. Only a real service implements it
 * (the Google Ads API keyword ideas service); without one the app shows no metrics at all.
 */
export type KeywordMetricsProvider = {
  name: TKeywordMetrics['provider'];
  /** Ideas with metrics for the seed keywords (usually the seeds themselves and related searches). */
  keywordIdeas(query: KeywordIdeasQuery): Promise<ProviderKeyword[]>;
};

export type KeywordMetricsFailure =
  | 'rate_limited'
  | 'auth_failed'
  | 'permission_denied'
  | 'bad_request'
  | 'unavailable'
  | 'timeout'
  | 'bad_answer';

/** A provider call failed; `message` is for the user (never a secret), `kind` for code and logs. */
export class KeywordMetricsError extends Error {
  override readonly name = 'KeywordMetricsError';
  constructor(
    readonly kind: KeywordMetricsFailure,
    message: string,
    /** Google's request id, when it gave one (for support). */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}
