import { GOOGLE_AD_LIMITS } from '@sales-assist/contract';
import { z } from 'zod';
import { rewriteSearchAdField, writeSearchAd } from '../offline/search-ads';
import { acronymsIn, currentText, fitDistinct, fitField, fitSearchAd, otherTexts } from '../search-ad-fit';
import type { SearchAd, SearchAdFieldRequest, SearchAdRequest } from '../search-ad-types';
import { ZText } from './answer-fields';
import { contentMessages, inlineValue, sourceText } from './content-messages';
import type { StepKit } from './step-kit';

const { headline, description, path } = GOOGLE_AD_LIMITS;

/** A list of texts as models answer it: an array, or one string with a line per text. */
const ZTexts = z
  .union([z.array(z.union([ZText, z.object({ text: ZText }).transform((item) => item.text)])), z.string()])
  .transform((value) => (typeof value === 'string' ? value.split('\n') : value))
  .transform((texts) =>
    texts.map((text) => text.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim()).filter(Boolean),
  );

const ZAdAnswer = z.object({
  headlines: ZTexts.pipe(z.array(z.string()).min(1)),
  descriptions: ZTexts.pipe(z.array(z.string()).min(1)),
  path1: ZText.default(''),
  path2: ZText.default(''),
});

const ZFieldAnswer = z.object({ candidates: ZTexts.pipe(z.array(z.string()).min(1)) });

const RULES = `Count the characters of every text and stay within its limit. No two texts alike, no exclamation mark in a headline, no word in capitals (acronyms aside), no emoji. Claim only what the data supports: no prices, discounts, figures or guarantees that it does not state.`;

const acronymsOf = (kit: StepKit, request: SearchAdRequest): Set<string> =>
  acronymsIn(
    ...request.keywords,
    kit.context.brand.company,
    request.landingPage?.title ?? '',
    ...(request.landingPage?.headings ?? []),
  );

/** The landing page and the keywords, as every ad step gives them to the model. */
const adData = (request: SearchAdRequest) => ({
  request: {
    landing_url: request.landingUrl,
    keywords: request.keywords,
    limits: {
      headlines: { most: headline.max, characters: headline.chars },
      descriptions: { most: description.max, characters: description.chars },
      paths: { most: path.count, characters: path.chars },
    },
  },
  ...(request.landingPage
    ? {
        landing_page: {
          title: request.landingPage.title,
          description: request.landingPage.description,
          headings: request.landingPage.headings,
          text: sourceText(request.landingPage.text),
        },
      }
    : {}),
});

const adValues = (request: SearchAdRequest) => ({
  topic: inlineValue(request.landingPage?.title || request.landingUrl, 300),
  keywords: request.keywords.map((keyword) => inlineValue(keyword, 80)).join(', '),
  count: '1',
  source: request.landingPage ? 'the landing page in the "landing_page" data block below' : '',
});

/**
 * A whole responsive search ad in one JSON answer, then fitted to Google's rules (search-ad-fit.ts):
 * nothing over a limit leaves this function. An answer with fewer than Google's minimum headlines or
 * descriptions once fitted is topped up from the offline composer (honest texts from the same grounds).
 */
export const writeSearchAdWithModel = async (kit: StepKit, request: SearchAdRequest): Promise<SearchAd> => {
  const { object } = await kit.ai.generateObject({
    messages: contentMessages({
      task: 'search_ad',
      context: kit.context,
      values: adValues(request),
      data: adData(request),
      answer: `A JSON object {"headlines": string[] (${headline.max} headlines, each at most ${headline.chars} characters), "descriptions": string[] (${description.max} descriptions, each at most ${description.chars} characters), "path1": string, "path2": string (display paths, each at most ${path.chars} characters of letters, digits and hyphens only)}. ${RULES}`,
    }),
    schema: ZAdAnswer,
    shapeHint: '{"headlines": [...], "descriptions": [...], "path1", "path2"}',
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  const acronyms = acronymsOf(kit, request);
  const ad = fitSearchAd(
    { headlines: object.headlines, descriptions: object.descriptions, paths: [object.path1, object.path2] },
    acronyms,
  );
  if (ad.headlines.length >= headline.min && ad.descriptions.length >= description.min) return ad;
  const composed = writeSearchAd(kit.context, request);
  return {
    ...ad,
    headlines: [
      ...ad.headlines,
      ...fitDistinct(composed.headlines, (text) => text, headline.min - ad.headlines.length, ad.headlines),
    ],
    descriptions: [
      ...ad.descriptions,
      ...fitDistinct(
        composed.descriptions,
        (text) => text,
        description.min - ad.descriptions.length,
        ad.descriptions,
      ),
    ],
  };
};

/**
 * One field written again with the rest of the ad as context: the model offers three, and the first
 * that repeats no other field (nor the current text) is taken, those that fit whole before those cut
 * to fit; when none does, the offline composer's next candidate. Null when no new text can be found.
 */
export const rewriteSearchAdFieldWithModel = async (
  kit: StepKit,
  request: SearchAdFieldRequest,
): Promise<string | null> => {
  const { ad, field, index } = request;
  const limit =
    field === 'headline' ? headline.chars : field === 'description' ? description.chars : path.chars;
  const { object } = await kit.ai.generateObject({
    messages: contentMessages({
      task: 'search_ad_field',
      context: kit.context,
      values: adValues(request),
      data: {
        ...adData(request),
        ad: {
          headlines: ad.headlines,
          descriptions: ad.descriptions,
          path1: ad.paths[0],
          path2: ad.paths[1],
        },
        replace: { field, number: index + 1, current: currentText(ad, field, index) },
      },
      answer: `Write ${field} ${index + 1} of the ad in the "ad" data block again: a new ${field} of at most ${limit} characters${field === 'path' ? ' (letters, digits and hyphens only)' : ''} that says something none of the ad's other ${field}s says. A JSON object {"candidates": string[]} with 3 different candidates, the best first. ${RULES}`,
    }),
    schema: ZFieldAnswer,
    shapeHint: '{"candidates": [...]}',
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  const acronyms = acronymsOf(kit, request);
  const taken = [...otherTexts(ad, field, index), currentText(ad, field, index)].filter(Boolean);
  // A candidate that fits whole reads better than one cut to fit: those are tried first.
  const fitsWhole = (candidate: string) => candidate.replace(/\s+/g, ' ').trim().length <= limit;
  const ordered = [
    ...object.candidates.filter(fitsWhole),
    ...object.candidates.filter((candidate) => !fitsWhole(candidate)),
  ];
  const [text] = fitDistinct(ordered, (candidate) => fitField(field, candidate, acronyms), 1, taken);
  return text ?? rewriteSearchAdField(kit.context, request);
};
