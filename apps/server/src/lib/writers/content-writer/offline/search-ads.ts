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
import { capitalise, distinct, sentencesOf, squash } from './text-tools';

/**
 * Responsive search ads without a model: every headline, description and path is composed from what
 * the user gave (keywords, the landing page, the brand profile), phrased as labels and plain calls to
 * action that claim nothing. No figure, price, discount or promise is ever written unless the user's
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
    // A key phrase only when it speaks of what the ad is about ("hidden fees" alone is no headline).
    ...facts.keyPhrases
      .filter((phrase) =>
        phrase
          .toLowerCase()
          .split(/\s+/)
          .some((word) => keywordWords.has(word)),
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
  ])
    // "It keeps every deal…" read alone: the pronoun is the company (or the sentence cannot stand alone).
    .map((sentence) =>
      /^It\s/.test(sentence) && facts.company ? `${facts.company} ${sentence.slice(3)}` : sentence,
    )
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

/** Every headline the grounds allow, the most specific first (a keyword as the searcher typed it). */
const headlineCandidates = (g: Grounds): string[] => {
  const company = g.company;
  const keywords = g.keywords.map((keyword) => titleCase(keyword, g.capitals));
  const [first, second] = keywords;
  const candidates = [
    ...keywords.slice(0, 5),
    ...(company ? [company] : []),
    ...g.labels,
    ...(company ? keywords.slice(0, 3).map((keyword) => `${keyword} by ${company}`) : []),
    ...(company ? keywords.slice(0, 3).map((keyword) => `${company} ${keyword}`) : []),
    ...(g.offerPhrase ? [titleCase(g.offerPhrase, g.capitals)] : []),
    ...(g.audience
      ? [`Made for ${titleCase(g.audience, g.capitals)}`, `For ${titleCase(g.audience, g.capitals)}`]
      : []),
    ...(first ? [`Explore ${first}`, `Discover ${first}`, `Learn About ${first}`] : []),
    ...(second ? [`Explore ${second}`, `${first} and ${second}`] : []),
    ...(company
      ? [`See How ${company} Works`, `Get Started With ${company}`, `Explore ${company}`, `Meet ${company}`]
      : []),
    ...keywords.slice(5),
    'See How It Works',
    'Learn More Today',
    'Find Out More',
    'Get Started Today',
    'Talk to Our Team',
  ];
  // Only what fits whole: a keyword cut in half is no headline.
  return candidates.filter(
    (text) => squash(text).length <= GOOGLE_AD_LIMITS.headline.chars && g.honest(text),
  );
};

const descriptionCandidates = (g: Grounds): string[] => {
  const company = g.company;
  const [first, second] = g.keywords.map((keyword) =>
    keyword
      .split(' ')
      .map((word) => (g.capitals.has(word.toUpperCase()) ? word.toUpperCase() : word))
      .join(' '),
  );
  const about = company ?? 'us';
  const templates = [
    ...(first && second
      ? [`Looking for ${first} or ${second}? See what ${about === 'us' ? 'we offer' : `${company} offers`}.`]
      : []),
    ...(first
      ? [`Find out how ${company ?? 'our team'} can help with ${first}. Learn more on our site.`]
      : []),
    ...(company && g.offerPhrase ? [`${company} offers ${g.offerPhrase}. See how it works.`] : []),
    ...(g.audience ? [`Made for ${g.audience}. Learn more and get started today.`] : []),
    ...(company ? [`See how ${company} works and whether it fits your needs. Visit our website.`] : []),
    ...(first ? [`Everything you need to know about ${first}, in one place. Read more on our site.`] : []),
    'Learn what we offer and how it can help you. Visit our website to find out more.',
    'Have a question? Our team is happy to help. Get in touch through our website.',
  ];
  return [...g.sentences, ...templates].filter(
    (text) => squash(text).length <= GOOGLE_AD_LIMITS.description.chars && g.honest(text),
  );
};

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
  return { headlines, descriptions, paths: [path1, path2] };
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
