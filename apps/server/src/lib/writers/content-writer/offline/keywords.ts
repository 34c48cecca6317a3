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
import { keywordsOf } from './grounding';
import { contentWords, wordCount } from './text-tools';

/**
 * Keyword ideas without a model, from the user's own words only: the seed terms, the focus topic, the
 * brand's key phrases and offer, the site page read, and the phrases their profile, inputs and page
 * repeat (two- and three-word n-grams). Each subject becomes a theme; around it the searches people
 * make at each stage (learning, comparing, buying, looking for the brand), built from fixed patterns
 * with no figure in them. Nothing here is a number about searches: there are no metrics offline.
 */

/** Whether two phrases share a word's stem ("freelance bookkeeping" and "freelancers"). */
const sharesStem = (a: string, b: string): boolean => {
  const stems = new Set(contentWords(b).map((word) => word.slice(0, 6)));
  return contentWords(a).some((word) => stems.has(word.slice(0, 6)));
};

type Pattern = { make: (subject: string, extra: { audience: string | null }) => string | null };

/** Patterns in the order of the buyer's journey; each stays within the words the user gave. */
const PATTERNS: readonly Pattern[] = [
  { make: (x) => `what is ${x}` },
  { make: (x) => `how to choose ${x}` },
  { make: (x) => `best ${x}` },
  { make: (x) => `${x} pricing` },
  {
    make: (x, { audience }) =>
      audience && !/\bfor\b/.test(x) && !sharesStem(x, audience) ? `${x} for ${audience}` : null,
  },
  { make: (x) => `${x} tips` },
  { make: (x) => `${x} reviews` },
  { make: (x) => `${x} cost` },
  { make: (x) => `${x} checklist` },
  {
    make: (x) =>
      /\b(?:services?|software|tools?|apps?|platforms?|agency|agencies|company|companies)$/.test(x)
        ? null
        : `${x} services`,
  },
];

const MAX_WORDS = 7;
const MAX_CHARS = 80;
const SHORT_AUDIENCE = 4;

/** Words that describe a thing and never end a search phrase on their own. */
const DESCRIBING =
  /^(?:small|large|big|new|good|great|fast|easy|simple|reusable|local|free|own|best|top|more|less|every|weekly|monthly|daily|early|late|high|low|full|real|true|clear|quick|better|affordable|cheap|modern|smart)$/;
/** Verbs a page's sentences carry between a subject and its object. */
const VERBS =
  /^(?:builds?|makes?|helps?|offers?|provides?|gives?|lets|keeps?|takes?|gets?|brings?|saves?|runs?|works?|does|has|have|is|are|was|were|can|will|turns?|delivers?|creates?|handles?|includes?|sells?|puts?|sends?|flies)$/;
/** Words that may join the two ends of a phrase. */
const JOINING = /^(?:for|of|and|with|in|on|to)$/;

/** Two- and three-word phrases a text repeats (no stopword at either end), most frequent first. */
const repeatedPhrases = (texts: readonly string[], limit: number): string[] => {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const sentence of text.toLowerCase().split(/[.!?;:\n()[\]{}"“”]+/)) {
      const tokens = sentence.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
      for (let size = 2; size <= 3; size += 1) {
        for (let i = 0; i + size <= tokens.length; i += 1) {
          const gram = tokens.slice(i, i + size);
          const first = gram[0] ?? '';
          const last = gram.at(-1) ?? '';
          // Every word must carry meaning at the ends ("of the sales" is no phrase), the end must be a
          // thing rather than a describing word ("rockets for small"), and no verb may sit inside
          // ("acme rockets builds"): a search names a thing.
          if (contentWords(first).length === 0 || contentWords(last).length === 0) continue;
          if (DESCRIBING.test(last) || gram.some((word) => VERBS.test(word))) continue;
          // Inside, only words that join two things ("bookkeeping for freelancers"), never "your".
          if (gram.slice(1, -1).some((word) => contentWords(word).length === 0 && !JOINING.test(word)))
            continue;
          if (gram.some((word) => word.length < 3 && contentWords(word).length === 0 && size === 2)) continue;
          const phrase = gram.join(' ');
          counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
        }
      }
    }
  }
  return [...counts.entries()]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] - a[1] || b[0].split(' ').length - a[0].split(' ').length)
    .map(([phrase]) => phrase)
    .slice(0, limit);
};

const fits = (text: string): boolean =>
  text.length > 0 && text.length <= MAX_CHARS && wordCount(text) <= MAX_WORDS;

type Anchor = { text: string; source: KeywordIdeaSource };

/** The subjects ideas grow from, most specific to the request first. */
const anchorsOf = (context: ContentContext, request: KeywordIdeasRequest): Anchor[] => {
  const brand = brandFactsOf(context.brand);
  const site = request.site;
  const repeated = repeatedPhrases(
    [
      context.brand.websiteSummary,
      context.brand.offer,
      ...context.inputs.map((input) => input.text.slice(0, 20_000)),
      ...(site ? [site.title, ...site.headings, site.text.slice(0, 20_000)] : []),
    ],
    6,
  );
  const siteText = site ? [site.title, ...site.headings, site.text].join('\n').toLowerCase() : '';
  const anchors: Anchor[] = [
    ...keywordsOf(request.seeds).map((text) => ({ text, source: 'seed' as const })),
    ...(request.topic ? [{ text: request.topic, source: 'seed' as const }] : []),
    ...(site?.keyPhrases ?? []).map((text) => ({ text, source: 'site' as const })),
    ...brand.keyPhrases.map((text) => ({ text, source: 'brand' as const })),
    ...(brand.offerPhrase ? [{ text: brand.offerPhrase, source: 'brand' as const }] : []),
    // A phrase is the page's when the page has it, else the profile's or the inputs'.
    ...repeated.map((text) => ({
      text,
      source: siteText.includes(text) ? ('site' as const) : ('brand' as const),
    })),
  ];
  const seen = new Set<string>();
  return anchors
    .map((anchor) => ({ ...anchor, text: keywordKey(anchor.text) }))
    .filter((anchor) => {
      if (!fits(anchor.text) || wordCount(anchor.text) > 5 || seen.has(anchor.text)) return false;
      seen.add(anchor.text);
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
  const audience =
    brand.audience && wordCount(brand.audience) <= SHORT_AUDIENCE ? keywordKey(brand.audience) : null;
  const company = brand.company ? keywordKey(brand.company) : null;
  const count = Math.max(1, Math.floor(request.count));

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
    if (offer) add(`${company} ${offer}`, company, 'brand');
  }
  for (let round = 0; round < PATTERNS.length; round += 1) {
    anchors.forEach((anchor, index) => {
      const pattern = PATTERNS[(round + index) % PATTERNS.length];
      const made = pattern?.make(anchor.text, { audience });
      if (made) add(made, anchor.text, anchor.source);
    });
  }
  return ideas.slice(0, count);
};
