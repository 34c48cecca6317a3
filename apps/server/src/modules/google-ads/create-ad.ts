import {
  GOOGLE_AD_KEYWORD_CHARS,
  GOOGLE_AD_KEYWORDS_MAX,
  GOOGLE_AD_LIMITS,
  GOOGLE_AD_MESSAGES,
  type TCreateGoogleAdRequest,
  type TGoogleAd,
  ZCreateGoogleAdRequest,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { contentItems, type UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isAiAborted } from '../../lib/clients/ai/ai-errors';
import type { SearchAd, Written } from '../../lib/writers/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { limitOf, planAllowanceOf, unitsUsed } from '../plan-limits/plan-allowance';
import { planLimitReached, takePlanUnits } from '../plan-limits/take-plan-units';
import { adView, displayDomainOf, type GoogleAdData, titleAndBody } from './ad-view';
import { keywordListKeywords } from './keyword-list-keywords';
import { readLandingPage } from './read-landing-page';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'safeFetch'>;

/** The typed keywords, then the list's, each once (letter case aside), at most 30. */
const mergeKeywords = (typed: readonly string[], listed: readonly string[]): string[] => {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const raw of [...typed, ...listed]) {
    const keyword = raw.replace(/\s+/g, ' ').trim().slice(0, GOOGLE_AD_KEYWORD_CHARS);
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    merged.push(keyword);
  }
  return merged.slice(0, GOOGLE_AD_KEYWORDS_MAX);
};

/** Refuses at once when the period's google_ads units are used up (Basic has none): no fetch, no model. */
const refuseWhenNoneLeft = async (deps: Deps, userId: string) => {
  const allowance = await planAllowanceOf(deps.db, userId, deps.clock.now());
  const limit = limitOf(allowance.limits, 'google_ads');
  const used = await unitsUsed(deps.db, userId, 'google_ads', allowance.period);
  if (used >= limit) throw planLimitReached(allowance, 'google_ads', limit, used);
};

/**
 * Writes a responsive search ad for a landing page and keywords and keeps it as a 'google_ad' item.
 * Order: the request's own refusals (no keywords, another user's list: 4xx), then the plan (402 at once
 * when no unit is left), then the landing page (read for grounding; unreadable is reported, not fatal),
 * then the writer, outside any transaction so a slow model holds no lock. The unit is taken in the
 * transaction that saves the ad: two requests for the last unit never both save, and a failed
 * generation costs nothing.
 */
export const createAd = async (
  deps: Deps,
  user: Pick<UserRow, 'id' | 'subscriptionType' | 'websiteUrl' | 'websiteName'>,
  input: TCreateGoogleAdRequest,
): Promise<TGoogleAd> => {
  const request = ZCreateGoogleAdRequest.parse(input);
  const listed =
    request.keyword_list_id === undefined
      ? []
      : await keywordListKeywords(deps.db, user.id, request.keyword_list_id);
  if (request.keyword_list_id !== undefined && listed.length === 0 && request.keywords.length === 0) {
    throw new AppError(400, 'validation_error', GOOGLE_AD_MESSAGES.keywordListEmpty);
  }
  const keywords = mergeKeywords(request.keywords, listed);
  if (keywords.length === 0) throw new AppError(400, 'validation_error', GOOGLE_AD_MESSAGES.keywordsRequired);
  const landingUrl = request.landing_url || user.websiteUrl || '';
  if (!landingUrl) throw new AppError(400, 'validation_error', GOOGLE_AD_MESSAGES.landingUrlRequired);

  await refuseWhenNoneLeft(deps, user.id);

  const [context, landing] = await Promise.all([
    loadGenerationContext(deps, { userId: user.id, purpose: 'ad_copy' }),
    request.landing_url
      ? readLandingPage(deps.safeFetch, landingUrl)
      : Promise.resolve<GoogleAdData['landing']>({ status: 'not_given', message: null, page: null }),
  ]);

  let written: Written<SearchAd>;
  try {
    written = await deps.content.writeSearchAd(context, {
      landingUrl,
      landingPage: landing.page,
      keywords,
    });
  } catch (error) {
    if (isAiAborted(error)) throw error;
    throw new AppError(502, 'generation_failed', GOOGLE_AD_MESSAGES.generationFailed);
  }
  const ad = written.result;
  if (
    ad.headlines.length < GOOGLE_AD_LIMITS.headline.min ||
    ad.descriptions.length < GOOGLE_AD_LIMITS.description.min
  ) {
    throw new AppError(502, 'generation_failed', GOOGLE_AD_MESSAGES.generationFailed);
  }

  const company = context.brand.company.trim() || user.websiteName?.trim() || displayDomainOf(landingUrl);
  const data: GoogleAdData = {
    landingUrl,
    keywords,
    keywordListId: request.keyword_list_id ?? null,
    campaign: `${company} - Search`.slice(0, 255),
    adGroup: (keywords[0] ?? company).slice(0, 255),
    headlines: ad.headlines,
    descriptions: ad.descriptions,
    path1: ad.paths[0],
    path2: ad.paths[1],
    landing,
    fallbackReason: written.fallbackReason ?? null,
  };
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await takePlanUnits(tx, { userId: user.id, metric: 'google_ads', now });
    const [inserted] = await tx
      .insert(contentItems)
      .values({
        userId: user.id,
        kind: 'google_ad',
        status: 'ready',
        progress: 100,
        ...titleAndBody(data),
        data,
        writer: written.writer,
        model: written.model,
        promptId: context.prompt.id,
        promptVersion: context.prompt.version,
        promptTokens: written.usage.promptTokens,
        completionTokens: written.usage.completionTokens,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new AppError(502, 'generation_failed', GOOGLE_AD_MESSAGES.generationFailed);
  return adView(row);
};
