import { GOOGLE_AD_LIMITS, type TGoogleAd } from '@sales-assist/contract';

/** What the editor edits: every field the person can change, as typed. */
export type TAdDraft = {
  headlines: string[];
  descriptions: string[];
  path1: string;
  path2: string;
  campaign: string;
  ad_group: string;
  landing_url: string;
};

export const draftOf = (ad: TGoogleAd): TAdDraft => ({
  headlines: [...ad.headlines],
  descriptions: [...ad.descriptions],
  path1: ad.path1,
  path2: ad.path2,
  campaign: ad.campaign,
  ad_group: ad.ad_group,
  landing_url: ad.landing_url,
});

export const sameDraft = (a: TAdDraft, b: TAdDraft): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The three headlines and two descriptions Google might show together for combination `turn` (0, 1, 2
 * …): a different window over the filled-in texts each turn, wrapping round.
 */
export const combinationOf = (draft: Pick<TAdDraft, 'headlines' | 'descriptions'>, turn: number) => {
  const headlines = draft.headlines.map((text) => text.trim()).filter(Boolean);
  const descriptions = draft.descriptions.map((text) => text.trim()).filter(Boolean);
  const pick = (texts: string[], count: number) => {
    if (texts.length <= count) return texts;
    const start = (turn * count) % texts.length;
    return Array.from({ length: count }, (_, offset) => texts[(start + offset) % texts.length] ?? '');
  };
  return { headlines: pick(headlines, 3), descriptions: pick(descriptions, 2) };
};

/** How many different combinations "preview another" walks through before it starts again. */
export const combinationCount = (draft: Pick<TAdDraft, 'headlines' | 'descriptions'>): number =>
  Math.max(
    1,
    Math.ceil(draft.headlines.filter((text) => text.trim()).length / 3),
    Math.ceil(draft.descriptions.filter((text) => text.trim()).length / 2),
  );

export const FIELD_LIMITS = {
  headline: GOOGLE_AD_LIMITS.headline.chars,
  description: GOOGLE_AD_LIMITS.description.chars,
  path: GOOGLE_AD_LIMITS.path.chars,
} as const;
