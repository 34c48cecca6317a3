import { GOOGLE_AD_LIMITS, googleAdTextKey } from '@sales-assist/contract';
import {
  acronymsIn,
  currentText,
  fitDescription,
  fitDistinct,
  fitHeadline,
  fitPath,
  otherTexts,
} from '../search-ad-fit';
import type { SearchAd, SearchAdFieldRequest, SearchAdRequest } from '../search-ad-types';
import type { ContentContext } from '../types';
import { brandFactsOf } from './brand-facts';
import { isWholeSentence } from './material';
import { isCut, isUnbalanced } from './prose-checks';
import { capitalise, distinct, sentencesOf, squash } from './text-tools';

/**
 * Responsive search ads without a model: every headline, description and path is taken whole from what
 * the user gave (keywords, the landing page, the brand profile): no text is composed around them. No figure, price, discount or promise is ever written unless the user's
 * own keywords or company name hold it: a text with a digit, a currency or a percent sign from anywhere
 * else is left out.
 */

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/**
 * "crm for small teams" → "CRM for Small Teams" when the brand writes "CRM" (`capitals`); words already
 * capitalised (iPhone, HIPAA) stay, small words after the first stay lower case.
 */
export const titleCase = (text: string, capitals: ReadonlySet<string> = new Set()): string =>
  squash(text)
    .split(' ')
    .map((word, index) => {
      if (capitals.has(word.toUpperCase())) return word.toUpperCase();
      if (/\p{Lu}/u.test(word.slice(1)) || /\p{Lu}/u.test(word.charAt(0))) return word;
      if (index > 0 && SMALL_WORDS.has(word.toLowerCase())) return word.toLowerCase();
      return capitalise(word);
    })
    .join(' ');

/** Figures the user gave (in a keyword or the company's name) may appear; any other is invented. */
const figureFree =
  (allowed: ReadonlySet<string>) =>
  (text: string): boolean => {
    if (/[$€£¥%‰]/u.test(text)) return false;
    const tokens = text.match(/[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*/gu) ?? [];
    return tokens.every((token) => allowed.has(token.toLowerCase()));
  };

/** Promises the offline writer cannot check, whoever wrote them on the page. */
const PROMISE = /\b(?:free|discounts?|discounted|sale|cheap|cheapest|guaranteed?|guarantees|best|lowest)\b/gi;

/** No promise word, unless the user's keywords hold it ("best crm" is what they bid on). */
const promiseFree = (keywords: readonly string[]) => {
  const own = new Set(keywords.flatMap((keyword) => keyword.toLowerCase().split(/\s+/)));
  return (text: string): boolean => (text.match(PROMISE) ?? []).every((word) => own.has(word.toLowerCase()));
};

type Grounds = {
  company: string | null;
  keywords: string[];
  /** Short labels from the page and the profile: the page's title parts and headings, key phrases. */
  labels: string[];
  /** Whole sentences from the page and the profile that may describe the offer. */
  sentences: string[];
  offerPhrase: string | null;
  audience: string | null;
  acronyms: Set<string>;
  /** Words the brand writes in capitals (CRM, B2B): a keyword typed in lower case gets them back. */
  capitals: Set<string>;
  honest: (text: string) => boolean;
};

const groundsOf = (context: ContentContext, request: SearchAdRequest): Grounds => {
  const facts = brandFactsOf(context.brand);
  const page = request.landingPage;
  const keywords = distinct(request.keywords.map(squash).filter(Boolean));
  const allowed = new Set(
    [...keywords, facts.company ?? '']
      .flatMap((text) => text.match(/[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*/gu) ?? [])
      .map((token) => token.toLowerCase()),
  );
  const noFigures = figureFree(allowed);
  const noPromises = promiseFree(keywords);
  const honest = (text: string) => noFigures(text) && noPromises(text);
  const brandTexts = [
    facts.company ?? '',
    context.brand.websiteSummary,
    context.brand.offer,
    ...context.brand.keyPhrases,
    page?.title ?? '',
    page?.description ?? '',
    ...(page?.headings ?? []),
  ];
  const capitals = new Set(
    brandTexts
      .flatMap((text) => text.match(/\b\p{Lu}[\p{Lu}\p{N}]+\b/gu) ?? [])
      .filter((word) => /\p{L}/u.test(word)),
  );
  const keywordWords = new Set(
    keywords
      .flatMap((keyword) => keyword.toLowerCase().split(/\s+/))
      .filter((word) => !SMALL_WORDS.has(word)),
  );
  const titleParts = (page?.title ?? '')
    .split(/\s+[|\-–—·•:]\s+/)
    .map(squash)
    .filter((part) => part && !/^(home|home ?page|welcome)$/i.test(part));
  const labels = distinct([
    ...titleParts,
    ...(page?.headings ?? []),
    // Key phrases that speak of what the ad is about first, then the brand's other key phrases.
    ...[...facts.keyPhrases]
      .sort(
        (a, b) =>
          Number(
            b
              .toLowerCase()
              .split(/\s+/)
              .some((word) => keywordWords.has(word)),
          ) -
          Number(
            a
              .toLowerCase()
              .split(/\s+/)
              .some((word) => keywordWords.has(word)),
          ),
      )
      .map((phrase) => titleCase(phrase, capitals)),
  ]).filter(
    (label) =>
      label.length <= GOOGLE_AD_LIMITS.headline.chars && label.split(' ').length >= 2 && honest(label),
  );
  const sentences = distinct([
    ...(page?.description ? sentencesOf(page.description) : []),
    ...(facts.offerSentence ? [facts.offerSentence] : []),
    ...facts.summary,
    ...sentencesOf(page?.text ?? '').slice(0, 40),
    ...(context.brand.siteSentences ?? []),
  ])
    // "It keeps every deal…" cannot stand alone in an ad, and is quoted as written or not at all.
    .filter((sentence) => !/^(?:It|They|This|These|That|Those|He|She)\s/.test(sentence))
    .filter(
      (sentence) =>
        sentence.length >= 30 &&
        sentence.length <= GOOGLE_AD_LIMITS.description.chars &&
        /[.?]$/.test(sentence) &&
        honest(sentence),
    );
  return {
    company: facts.company,
    keywords,
    labels,
    sentences,
    offerPhrase: facts.offerPhrase,
    audience: facts.audience,
    acronyms: acronymsIn(...keywords, ...brandTexts),
    capitals,
    honest,
  };
};

/**
 * Every headline the grounds allow, the most specific first: the keywords as the searcher typed them, the
 * company's name, the page's own title parts and headings and the brand's key phrases, each whole. No
 * headline is made by slotting a keyword into a fixed phrase ("Explore …"), and none is cut: what does
 * not fit whole is left out, and the editor shows the empty places for the user to fill.
 */
const headlineCandidates = (g: Grounds): string[] => {
  const keywords = g.keywords.map((keyword) => titleCase(keyword, g.capitals));
  const candidates = [
    ...keywords.slice(0, 5),
    ...(g.company ? [g.company] : []),
    ...g.labels,
    ...(g.offerPhrase ? [titleCase(g.offerPhrase, g.capitals)] : []),
    ...keywords.slice(5),
  ];
  return candidates.filter(
    (text) =>
      squash(text).length <= GOOGLE_AD_LIMITS.headline.chars &&
      g.honest(text) &&
      !isCut(text, { needsStop: false }) &&
      !isUnbalanced(text),
  );
};

/** Whole sentences of the page and the profile that fit a description: nothing composed around a keyword. */
const descriptionCandidates = (g: Grounds): string[] =>
  g.sentences.filter(
    (text) =>
      squash(text).length <= GOOGLE_AD_LIMITS.description.chars && g.honest(text) && isWholeSentence(text),
  );

const pathCandidates = (g: Grounds, landingUrl: string): string[] => {
  const urlSegments = (URL.parse(landingUrl)?.pathname ?? '')
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/\.[a-z0-9]+$/i, ''))
    .filter((segment) => /\p{L}/u.test(segment));
  const words = (keyword: string) =>
    keyword
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => !SMALL_WORDS.has(word));
  // Each keyword whole first (path 1 and path 2 name two of them), then the page's own path, then words.
  const wholeKeywords = g.keywords.map((keyword) => fitPath(words(keyword).join('-')));
  const singleWords = g.keywords.flatMap((keyword) => words(keyword).filter((word) => word.length >= 3));
  const taken = (path: string, kept: readonly string[]) =>
    kept.some((earlier) => earlier.split('-').includes(path));
  const ordered = distinct([
    ...wholeKeywords,
    ...urlSegments.map(fitPath),
    ...singleWords.map(fitPath),
    ...(g.company ? [fitPath(g.company.toLowerCase())] : []),
  ]);
  // A single word a longer path already shows ("crm" after "crm-software") says nothing new.
  return ordered
    .filter((path, index) => !taken(path, ordered.slice(0, index)))
    .filter((path) => path.length >= 2 && g.honest(path));
};

/**
 * Google needs three headlines and two descriptions. Where the user's words give fewer, the places left
 * say what to write there, marked as the outlines are ("Write here: …"), rather than a phrase composed
 * around a keyword: the editor shows them, and the user replaces them before the ad is used.
 */
const HEADLINES_TO_WRITE = [
  'Write here: what you sell',
  'Write here: your audience',
  'Write here: why choose you',
];
const DESCRIPTIONS_TO_WRITE = [
  'Write here: what you offer and the problem it solves for the searcher.',
  'Write here: why the searcher should choose you, and what to do next.',
];

const toGoogleMinimum = (texts: string[], toWrite: readonly string[], minimum: number): string[] => [
  ...texts,
  ...toWrite.slice(0, Math.max(0, minimum - texts.length)),
];

/** One honest ad: as many distinct headlines (up to 15) and descriptions (up to 4) as the grounds give. */
export const writeSearchAd = (context: ContentContext, request: SearchAdRequest): SearchAd => {
  const g = groundsOf(context, request);
  const headlines = fitDistinct(
    headlineCandidates(g),
    (text) => fitHeadline(text, g.acronyms),
    GOOGLE_AD_LIMITS.headline.max,
  );
  const descriptions = fitDistinct(
    descriptionCandidates(g),
    (text) => fitDescription(text, g.acronyms),
    GOOGLE_AD_LIMITS.description.max,
  );
  const [path1 = '', path2 = ''] = pathCandidates(g, request.landingUrl);
  return {
    headlines: toGoogleMinimum(headlines, HEADLINES_TO_WRITE, GOOGLE_AD_LIMITS.headline.min),
    descriptions: toGoogleMinimum(descriptions, DESCRIPTIONS_TO_WRITE, GOOGLE_AD_LIMITS.description.min),
    paths: [path1, path2],
  };
};

/**
 * One field written again: the first candidate that is neither the field's current text nor any other
 * field of its kind. Null when every candidate is already in the ad.
 */
export const rewriteSearchAdField = (
  context: ContentContext,
  request: SearchAdFieldRequest,
): string | null => {
  const g = groundsOf(context, request);
  const { ad, field, index } = request;
  const taken = [...otherTexts(ad, field, index), currentText(ad, field, index)].filter(Boolean);
  const [text] =
    field === 'headline'
      ? fitDistinct(headlineCandidates(g), (candidate) => fitHeadline(candidate, g.acronyms), 1, taken)
      : field === 'description'
        ? fitDistinct(
            descriptionCandidates(g),
            (candidate) => fitDescription(candidate, g.acronyms),
            1,
            taken,
          )
        : fitDistinct(pathCandidates(g, request.landingUrl), fitPath, 1, taken);
  return text ?? null;
};

/** Texts of a kind already written, as Google compares them (for the LLM writer's top-up). */
export const textKeys = (texts: readonly string[]): Set<string> => new Set(texts.map(googleAdTextKey));
