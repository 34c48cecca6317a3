import type { TGoogleAd } from '@sales-assist/contract';
import type { ContentItemRow } from '../../db/schema';
import type { LandingPage } from '../../lib/writers/content-writer/types';

/** A 'google_ad' item's kind-specific fields (content_items.data). */
export type GoogleAdData = {
  landingUrl: string;
  keywords: string[];
  keywordListId: number | null;
  campaign: string;
  adGroup: string;
  headlines: string[];
  descriptions: string[];
  path1: string;
  path2: string;
  /** How the landing page grounded the ad; `page` is kept so a field written again has the same grounds. */
  landing: { status: 'read' | 'unreadable' | 'not_given'; message: string | null; page: LandingPage | null };
  fallbackReason: string | null;
};

/** The domain an ad shows before its paths: the final URL's host without "www.". */
export const displayDomainOf = (url: string): string =>
  (URL.parse(url)?.hostname ?? '').replace(/^www\./i, '');

/** History's title (the first headline) and text (headlines joined as Google shows them, then descriptions). */
export const titleAndBody = (ad: Pick<GoogleAdData, 'headlines' | 'descriptions'>) => ({
  title: (ad.headlines[0] ?? '').slice(0, 300),
  body: `${ad.headlines.join(' | ')}\n${ad.descriptions.join(' ')}`,
});

export const adDataOf = (row: ContentItemRow): GoogleAdData => row.data as GoogleAdData;

export const adView = (row: ContentItemRow): TGoogleAd => {
  const data = adDataOf(row);
  return {
    id: row.id,
    landing_url: data.landingUrl,
    display_domain: displayDomainOf(data.landingUrl),
    keywords: data.keywords,
    keyword_list_id: data.keywordListId,
    campaign: data.campaign,
    ad_group: data.adGroup,
    headlines: data.headlines,
    descriptions: data.descriptions,
    path1: data.path1,
    path2: data.path2,
    landing_page: { status: data.landing.status, message: data.landing.message },
    writer: row.writer,
    model: row.writer === 'llm' ? row.model : null,
    fallback_reason: data.fallbackReason,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};
