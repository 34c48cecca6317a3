import { intentOf } from '../keyword-intent';
import {
  type KeywordVocabulary,
  keywordKey,
  namesOffer,
  relevanceOf,
  vocabularyOf,
} from '../keyword-relevance';
import type { KeywordIdeaDraft, KeywordIdeaSource, KeywordIdeasRequest } from '../keyword-types';
import type { ContentContext } from '../types';
import { brandFactsOf } from './brand-facts';
import { keywordsOf } from './material';
import { isNounPhrase, keyNounPhrases, nounPhrasesIn, phraseKey } from './noun-phrases';
import { contentWords, wordCount } from './text-tools';

/**
 * Keyword ideas without a model, from the user's own words only: the seed terms, the focus topic, and
 * the noun phrases (compromise's tagging) the site page read, the brand profile and the inputs name most. Each subject becomes a theme; around it the searches people
 * make at each stage (learning, comparing, buying, looking for the brand), built from fixed patterns
 * with no figure in them. Nothing here is a number about searches: there are no metrics offline.
 */

/** Whether two phrases share a word's stem ("freelance bookkeeping" and "freelancers"). */
const sharesStem = (a: string, b: string): boolean => {
  const stems = new Set(contentWords(b).map((word) => word.slice(0, 6)));
  return contentWords(a).some((word) => stems.has(word.slice(0, 6)));
};

type Pattern = {
  make: (
    subject: string,
    extra: { audience: string | null; sold: boolean; plural: boolean },
  ) => string | null;
};

/**
 * Patterns in the order of the buyer's journey, each around a noun phrase, so the idea stays a search a
 * person makes ("how to choose aging reports" is none). The buying patterns (best, pricing, reviews) are
 * only for what the brand sells (a seed, or a phrase of its offer); "what is" and "examples" only for a
 * singular ("what is approved invoices" is no English).
 */
const PATTERNS: readonly Pattern[] = [
  { make: (x, { plural }) => (plural ? null : `what is ${x}`) },
  { make: (x, { sold }) => (sold ? `best ${x}` : null) },
  { make: (x, { sold }) => (sold ? `${x} pricing` : null) },
  {
    make: (x, { audience }) =>
      audience && !/\bfor\b/.test(x) && !sharesStem(x, audience) ? `${x} for ${audience}` : null,
  },
  { make: (x, { plural }) => (plural ? null : `${x} examples`) },
  { make: (x, { sold, plural }) => (sold && !plural ? `${x} reviews` : null) },
  { make: (x, { plural }) => (plural ? null : `${x} checklist`) },
];

/** "approved invoices", "teams": a phrase whose last word is a plural. */
const isPluralPhrase = (phrase: string): boolean => /[^su']s$/i.test(phrase.split(' ').at(-1) ?? '');

const MAX_WORDS = 7;
const MAX_CHARS = 80;
const SHORT_AUDIENCE = 4;

const fits = (text: string): boolean =>
  text.length > 0 && text.length <= MAX_CHARS && wordCount(text) <= MAX_WORDS;

type Anchor = { text: string; source: KeywordIdeaSource };

/**
 * The subjects ideas grow from, most specific to the request first: the seeds as typed, the focus
 * topic's noun phrases, then the noun phrases the page read and the brand profile name most (a heading
 * or the title counts three times a sentence).
 */
const anchorsOf = (context: ContentContext, request: KeywordIdeasRequest): Anchor[] => {
  const brand = brandFactsOf(context.brand);
  const site = request.site;
  const seeds = keywordsOf(request.seeds);
  const ranked = (sources: { text: string; weight: number }[]) =>
    keyNounPhrases(sources, { seeds, exclude: brand.company ? [brand.company] : [], limit: 10 }).map(
      (entry) => entry.phrase,
    );
  const fromSite = site
    ? ranked([
        { text: site.title, weight: 3 },
        ...site.headings.map((text) => ({ text, weight: 3 })),
        ...site.keyPhrases.map((text) => ({ text, weight: 2 })),
        { text: site.text.slice(0, 20_000), weight: 1 },
      ])
    : [];
  const fromBrand = ranked([
    { text: context.brand.offer, weight: 2 },
    ...(context.brand.siteSentences ?? []).map((text) => ({ text, weight: 1 })),
    { text: context.brand.websiteSummary, weight: 1 },
    ...context.inputs.map((input) => ({ text: input.text.slice(0, 20_000), weight: 1 })),
  ]);
  const anchors: Anchor[] = [
    ...seeds.map((text) => ({ text, source: 'seed' as const })),
    ...(request.topic ? nounPhrasesIn(request.topic).map((text) => ({ text, source: 'seed' as const })) : []),
    ...fromSite.map((text) => ({ text, source: 'site' as const })),
    // The profile's key phrases are phrases already (read from the site, or written by the user).
    ...brand.keyPhrases.map((text) => ({ text, source: 'brand' as const })),
    ...fromBrand.map((text) => ({ text, source: 'brand' as const })),
  ];
  const seen = new Set<string>();
  return anchors
    .map((anchor) => ({ ...anchor, text: keywordKey(anchor.text) }))
    .filter((anchor) => {
      const key = phraseKey(anchor.text);
      // A phrase inside one already kept ("payable automation" in "accounts payable automation") adds nothing.
      const inside = [...seen].some((earlier) => ` ${earlier} `.includes(` ${key} `));
      if (!fits(anchor.text) || wordCount(anchor.text) > 5 || seen.has(key) || inside) return false;
      seen.add(key);
      return contentWords(anchor.text).length > 0;
    })
    .slice(0, 12);
};

export const suggestKeywords = (
  context: ContentContext,
  request: KeywordIdeasRequest,
): KeywordIdeaDraft[] => {
  const brand = brandFactsOf(context.brand);
  const vocabulary: KeywordVocabulary = vocabularyOf(context.brand, context.inputs, request);
  const anchors = anchorsOf(context, request);
  // The audience joins a search only as a noun phrase ("for finance teams"), never a list or a clause.
  const audience =
    brand.audience && wordCount(brand.audience) <= SHORT_AUDIENCE && isNounPhrase(brand.audience)
      ? keywordKey(brand.audience)
      : null;
  const company = brand.company ? keywordKey(brand.company) : null;
  const count = Math.max(1, Math.floor(request.count));
  // What is sold: the offer's first noun phrase ("bookkeeping" in "Bookkeeping for freelancers and
  // small shops in Leeds"); its audience and places are no product to price or review.
  const offerText = context.brand.offer.replace(brand.company ?? '', ' ').toLowerCase();
  const offerPhrase = keywordKey(
    nounPhrasesIn(offerText)
      .map((phrase) => ({ phrase, at: offerText.indexOf(phrase.toLowerCase()) }))
      .filter((entry) => entry.at >= 0)
      .sort((a, b) => a.at - b.at || b.phrase.length - a.phrase.length)[0]?.phrase ?? '',
  );

  const ideas: KeywordIdeaDraft[] = [];
  const seen = new Set<string>();
  const add = (text: string, theme: string, source: KeywordIdeaSource) => {
    const key = keywordKey(text);
    if (!fits(key) || seen.has(key)) return;
    seen.add(key);
    ideas.push({
      text: key,
      theme,
      source,
      relevance: relevanceOf(key, vocabulary),
      intent: intentOf(key, {
        company: brand.company,
        namesOffer: namesOffer(key, vocabulary),
      }),
    });
  };

  // Each subject is a theme of its own and comes first; then searches for the brand itself (its name,
  // with what it sells); then one pattern per subject per round, so every theme gets ideas before any
  // gets many. The first `count` in that order are the answer.
  for (const anchor of anchors) add(anchor.text, anchor.text, anchor.source);
  if (company) {
    const offer = anchors.find((anchor) => anchor.source === 'brand')?.text ?? anchors[0]?.text;
    add(company, company, 'brand');
    if (offer && !sharesStem(offer, company)) add(`${company} ${offer}`, company, 'brand');
  }
  for (let round = 0; round < PATTERNS.length; round += 1) {
    anchors.forEach((anchor, index) => {
      const pattern = PATTERNS[(round + index) % PATTERNS.length];
      const sold = anchor.source === 'seed' || anchor.text === offerPhrase;
      const made = pattern?.make(anchor.text, { audience, sold, plural: isPluralPhrase(anchor.text) });
      if (made) add(made, anchor.text, anchor.source);
    });
  }
  return ideas.slice(0, count);
};
