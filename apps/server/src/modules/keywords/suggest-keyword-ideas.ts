import {
  KEYWORD_MESSAGES,
  type TKeywordIdea,
  type TKeywordIdeasRequest,
  type TKeywordIdeasResponse,
  ZKeywordIdeasRequest,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isAiAborted } from '../../lib/clients/ai/ai-errors';
import { hitThrottle, type ThrottleRule } from '../../lib/security/throttle';
import { vocabularyOf } from '../../lib/writers/content-writer/keyword-relevance';
import type { KeywordIdeaDraft, Written } from '../../lib/writers/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { addProviderMetrics } from './add-provider-metrics';
import { groupByTheme } from './group-ideas';
import { readSitePage } from './read-site-page';

/**
 * Ideas cost no plan unit (spec §9 has no keyword limit), but each may ask a model and Google's keyword
 * planning quota (15,000 operations a day on Basic access): a bound per account keeps one user from
 * spending it for everyone.
 */
export const KEYWORD_IDEAS_THROTTLE: ThrottleRule = {
  name: 'keyword-ideas:account',
  limit: 60,
  windowSeconds: 60 * 60,
};

type Deps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'safeFetch' | 'keywordMetrics'>;
type Log = { warn: (obj: object, message: string) => void };

/**
 * Keyword ideas for the Keywords screen: the writer's ideas (the `keywords` prompt; offline from the
 * user's own words) with intent, theme and our relevance, then metrics from the provider when one is
 * configured, grouped by theme. Nothing is saved: the user saves the keywords they pick as a list.
 */
export const suggestKeywordIdeas = async (
  deps: Deps & { log: Log },
  user: Pick<UserRow, 'id' | 'websiteUrl'>,
  input: TKeywordIdeasRequest,
  signal?: AbortSignal,
): Promise<TKeywordIdeasResponse> => {
  const request = ZKeywordIdeasRequest.parse(input);
  if (!user.websiteUrl && request.seed_terms.length === 0 && !request.topic && !request.url) {
    throw new AppError(400, 'nothing_to_start_from', KEYWORD_MESSAGES.nothingToStartFrom);
  }
  await hitThrottle(deps.db, deps.clock, KEYWORD_IDEAS_THROTTLE, user.id);
  const site = request.url ? await readSitePage(deps, user.id, request.url) : null;
  const context = await loadGenerationContext(deps, { userId: user.id, purpose: 'keywords' });
  const writerRequest = { seeds: request.seed_terms, topic: request.topic, site, count: request.count };

  let written: Written<KeywordIdeaDraft[]>;
  try {
    written = await deps.content.suggestKeywords(
      { ...context, ...(signal ? { signal } : {}) },
      writerRequest,
    );
  } catch (error) {
    if (isAiAborted(error) || signal?.aborted) throw error;
    throw new AppError(502, 'generation_failed', KEYWORD_MESSAGES.ideasFailed);
  }
  if (written.result.length === 0) throw new AppError(502, 'generation_failed', KEYWORD_MESSAGES.ideasFailed);

  const ideas: TKeywordIdea[] = written.result.map((idea) => ({ ...idea, metrics: null }));
  const measured = await addProviderMetrics(deps, ideas, {
    ...(request.url ? { url: request.url } : {}),
    company: context.brand.company || null,
    vocabulary: vocabularyOf(context.brand, context.inputs, writerRequest),
    anchors: [...new Set(ideas.map((idea) => idea.theme))],
    count: request.count,
  });
  return {
    themes: groupByTheme(measured.ideas),
    metrics: measured.metrics,
    writer: written.writer,
    fallback_reason: written.fallbackReason ?? null,
  };
};
