import type { KeywordIdeasRequest } from './keyword-types';
import { contentWords, distinct } from './offline/text-tools';
import type { BrandProfile } from './types';

/**
 * Our own relevance score (0–100) of a keyword to the user's site and request: how many of its
 * meaningful words the user's own words contain, weighted by where they come from — the seed terms and
 * the focus topic (3), the brand's offer, key phrases and the site page read (2), the rest of the
 * profile and the inputs (1) — 70 points; how often the site, profile and inputs use its words, headings
 * counting double (8 uses or more: all 15 points), so two ideas made of seed words still differ by how
 * much the site speaks of them; and 15 for holding a whole seed or key phrase. One that shares nothing
 * scores 0. It is labelled as our score on the screen: it says nothing about how many people search.
 */
export type KeywordVocabulary = {
  weights: Map<string, number>;
  /** Whole phrases the user gave (seeds, topic, key phrases): a keyword containing one gains a little. */
  phrases: string[];
  /** Words of what the brand sells, for the default intent. */
  offerWords: Set<string>;
  /** How often the user's texts (site, profile, inputs; headings twice) use each meaningful word. */
  uses: Map<string, number>;
};

const MAX_WEIGHT = 3;

export const keywordKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}&'+#.\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const vocabularyOf = (
  brand: BrandProfile,
  inputs: readonly { text: string }[],
  request: Pick<KeywordIdeasRequest, 'seeds' | 'topic' | 'site'>,
): KeywordVocabulary => {
  const weights = new Map<string, number>();
  const uses = new Map<string, number>();
  const add = (text: string, weight: number, counted = 0) => {
    for (const word of contentWords(text)) {
      weights.set(word, Math.max(weights.get(word) ?? 0, weight));
      if (counted > 0) uses.set(word, (uses.get(word) ?? 0) + counted);
    }
  };
  for (const input of inputs) add(input.text.slice(0, 20_000), 1, 1);
  add(brand.websiteSummary, 1, 1);
  for (const sentence of brand.siteSentences ?? []) add(sentence, 1, 1);
  add(brand.audience, 1, 1);
  add(brand.offer, 2, 2);
  add(brand.company, 2);
  for (const phrase of brand.keyPhrases) add(phrase, 2, 1);
  if (request.site) {
    add(request.site.title, 2, 2);
    for (const heading of request.site.headings) add(heading, 2, 2);
    for (const phrase of request.site.keyPhrases) add(phrase, 2);
    add(request.site.text.slice(0, 20_000), 1, 1);
  }
  add(request.topic, 3);
  for (const seed of request.seeds) add(seed, 3);
  return {
    weights,
    phrases: distinct([...request.seeds, request.topic, ...brand.keyPhrases])
      .map(keywordKey)
      .filter((phrase) => phrase.length > 2),
    offerWords: new Set([...contentWords(brand.offer), ...brand.keyPhrases.flatMap(contentWords)]),
    uses,
  };
};

/**
 * Words that say what a searcher wants to do with a subject (price it, review it, choose it), not what
 * the subject is: they neither add to nor take from a keyword's closeness to the site.
 */
const SEARCH_MODIFIERS = new Set(
  (
    'choose choosing pricing price cost costs review reviews checklist service services near buy hire compare ' +
    'comparison alternative alternative online free cheap affordable top examples example ideas idea template ' +
    'meaning definition learn tutorial beginner beginners step steps quote quotes trial demo'
  ).split(' '),
);

export const relevanceOf = (keyword: string, vocabulary: KeywordVocabulary): number => {
  const all = contentWords(keyword);
  const subject = all.filter((word) => !SEARCH_MODIFIERS.has(word));
  const words = subject.length > 0 ? subject : all;
  if (words.length === 0) return 0;
  const total = words.reduce((sum, word) => sum + (vocabulary.weights.get(word) ?? 0), 0);
  if (total === 0) return 0;
  const key = keywordKey(keyword);
  const bonus = vocabulary.phrases.some((phrase) => key.includes(phrase)) ? 15 : 0;
  // log2(1 + uses) / log2(9): one use is a third, eight uses or more the whole.
  const used =
    words.reduce(
      (sum, word) => sum + Math.min(1, Math.log2(1 + (vocabulary.uses.get(word) ?? 0)) / Math.log2(9)),
      0,
    ) / words.length;
  return Math.min(100, Math.round((70 * total) / (MAX_WEIGHT * words.length) + 15 * used) + bonus);
};

/** Whether a keyword names what the brand sells (shares a word with its offer or key phrases). */
export const namesOffer = (keyword: string, vocabulary: KeywordVocabulary): boolean =>
  contentWords(keyword).some((word) => vocabulary.offerWords.has(word));

/**
 * The theme (cluster) of a keyword among the request's anchor phrases: the one sharing the most
 * meaningful words with it (the earlier on a tie, so seeds lead); null when it shares none.
 */
export const closestTheme = (keyword: string, anchors: readonly string[]): string | null => {
  const words = new Set(contentWords(keyword));
  let best: { anchor: string; shared: number } | null = null;
  for (const anchor of anchors) {
    const shared = contentWords(anchor).filter((word) => words.has(word)).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { anchor, shared };
  }
  return best ? keywordKey(best.anchor) : null;
};
