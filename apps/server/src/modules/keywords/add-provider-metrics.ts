import { KEYWORD_MESSAGES, type TKeywordIdea, type TKeywordMetricsStatus } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { KEYWORD_SEED_MAX } from '../../lib/clients/keyword-ideas/google-ads-keyword-ideas';
import { KeywordMetricsError } from '../../lib/clients/keyword-ideas/types';
import { intentOf } from '../../lib/writers/content-writer/keyword-intent';
import {
  closestTheme,
  type KeywordVocabulary,
  keywordKey,
  namesOffer,
  relevanceOf,
} from '../../lib/writers/content-writer/keyword-relevance';

type Log = { warn: (obj: object, message: string) => void };

/** Google's own ideas that join ours: only ones sharing a word with the user's (relevance > 0), the most searched first. */
const PROVIDER_EXTRA_SHARE = 1 / 3;

/**
 * Search volume, cost per click and competition from the configured provider, for the ideas it knows
 * (it is seeded with the first 20: the seeds and the most relevant). Its own related ideas join the
 * list when they are about the user's subjects. No provider: every idea keeps `metrics: null` and the
 * note says why; a failing provider: the same, with its error in words (the ideas are still useful).
 */
export const addProviderMetrics = async (
  deps: Pick<AppDeps, 'keywordMetrics'> & { log: Log },
  ideas: TKeywordIdea[],
  options: {
    url?: string;
    company: string | null;
    vocabulary: KeywordVocabulary;
    anchors: string[];
    count: number;
  },
): Promise<{ ideas: TKeywordIdea[]; metrics: TKeywordMetricsStatus }> => {
  const provider = deps.keywordMetrics;
  if (!provider) return { ideas, metrics: { provider: null, note: KEYWORD_MESSAGES.noProvider } };
  const seeds = [...ideas]
    .sort((a, b) => Number(b.source === 'seed') - Number(a.source === 'seed') || b.relevance - a.relevance)
    .slice(0, KEYWORD_SEED_MAX)
    .map((idea) => idea.text);
  try {
    const found = await provider.keywordIdeas({ keywords: seeds, url: options.url, limit: 500 });
    const byText = new Map(found.map((item) => [keywordKey(item.text), item]));
    const withMetrics = ideas.map((idea) => ({
      ...idea,
      metrics: byText.get(keywordKey(idea.text))?.metrics ?? null,
    }));
    const known = new Set(withMetrics.map((idea) => keywordKey(idea.text)));
    const extras: TKeywordIdea[] = found
      .filter((item) => !known.has(keywordKey(item.text)))
      .map((item) => {
        const text = keywordKey(item.text).slice(0, 80);
        return {
          text,
          intent: intentOf(text, {
            company: options.company,
            namesOffer: namesOffer(text, options.vocabulary),
          }),
          theme: closestTheme(text, options.anchors) ?? 'more from google ads',
          relevance: relevanceOf(text, options.vocabulary),
          metrics: item.metrics,
          source: 'google_ads' as const,
        };
      })
      .filter((idea) => idea.text.length > 0 && idea.relevance > 0)
      .sort((a, b) => (b.metrics?.avg_monthly_searches ?? 0) - (a.metrics?.avg_monthly_searches ?? 0))
      .slice(0, Math.ceil(options.count * PROVIDER_EXTRA_SHARE));
    return { ideas: [...withMetrics, ...extras], metrics: { provider: provider.name, note: null } };
  } catch (error) {
    if (!(error instanceof KeywordMetricsError)) throw error;
    // The kind and Google's request id only: never a token or a header.
    deps.log.warn(
      { provider: provider.name, kind: error.kind, requestId: error.requestId },
      'keyword metrics failed',
    );
    return {
      ideas,
      metrics: {
        provider: provider.name,
        note: `Search volume, cost per click and competition could not be fetched: ${error.message}`,
      },
    };
  }
};
