import { shortenText } from '../../message-writer/shorten-text';
import {
  BLOG_LENGTH_WORDS,
  type BlogLength,
  type BlogPost,
  type BlogSection,
  type ContentContext,
} from '../types';
import {
  composeSection,
  headingsOf,
  READING_ORDER,
  type SectionContext,
  type SectionKind,
} from './blog-sections';
import { type BrandFacts, brandFactsOf } from './brand-facts';
import { directivesOf } from './directives';
import { factPoolOf, keywordsOf, relevantSentences, shortSubjectOf, subjectOf } from './grounding';
import { type Block, blocksHtml, blocksText, blocksWords, paragraph } from './html-blocks';
import { capitalise, cutAtWord, escapeHtml, listInWords, pickerOf, slugify, squash } from './text-tools';
import { blocksInTone } from './tone-style';

/** Sections per length when the prompt does not ask for a number. */
const SECTIONS_BY_LENGTH: Record<BlogLength, number> = { short: 4, medium: 7, long: 10 };
/** The kinds between the introduction and the conclusion, most useful first: a short post keeps the first. */
const MIDDLE_PRIORITY: readonly SectionKind[] = [
  'steps',
  'mistakes',
  'brand',
  'practice',
  'why',
  'questions',
  'checklist',
  'measure',
  'habits',
];
/** How many of the user's sentences a post may draw on. */
const FACTS_MAX = 8;
export const META_MAX = 160;

/** The post's title: the chosen topic as a title (its first letter capitalised, no trailing stop). */
export const titleOf = (topic: string, subject: string): string => {
  const title = cutAtWord(squash(topic).replace(/[.;,]+$/, ''), 120);
  return capitalise(title || subject || 'A practical guide');
};

const hasBrand = (brand: BrandFacts): boolean =>
  Boolean(brand.company || brand.offerPhrase || brand.offerSentence || brand.summary.length > 0);

/** Words of a topic that promise a kind of section ("… mistakes to avoid" promises the mistakes). */
const PROMISES: readonly [RegExp, SectionKind][] = [
  [/\b(?:mistakes?|pitfalls?|myths?|avoid|wrong)\b/i, 'mistakes'],
  [/\bchecklist\b/i, 'checklist'],
  [/\bquestions?\b/i, 'questions'],
  [/\b(?:measur\w*|metrics?|progress|results?)\b/i, 'measure'],
  [/\b(?:how to|steps?|plan|getting started|start|guide)\b/i, 'steps'],
  [/\b(?:why|matters?|case for|seriously|pays)\b/i, 'why'],
  [/\b(?:habits?|stick|keep|sustain\w*)\b/i, 'habits'],
];

/** The kinds this post is built from, in reading order: the ones the topic promises come first. */
const planOf = (topic: string, count: number, available: (kind: SectionKind) => boolean): SectionKind[] => {
  const promised = PROMISES.filter(([words]) => words.test(topic)).map(([, kind]) => kind);
  const priority = [...new Set([...promised, ...MIDDLE_PRIORITY])];
  const middle = priority.filter(available).slice(0, Math.max(0, count - 2));
  const chosen = new Set<SectionKind>(['intro', 'conclusion', ...middle]);
  return READING_ORDER.filter((kind) => chosen.has(kind));
};

export type Composition = {
  context: SectionContext;
  topic: string;
  kinds: SectionKind[];
  words: number;
  /** The user's sentences the post may quote, most relevant first. */
  facts: string[];
  /** Words the user wrote, quoted as they are (never restyled for the tone). */
  verbatim: string[];
};

/** Everything a post on `topic` is written from: shared by the post and by a later section rewrite. */
export const compositionOf = (
  context: ContentContext,
  request: { topic: string; keywords: string[]; length: BlogLength },
): Composition => {
  const brand = brandFactsOf(context.brand);
  const keywords = keywordsOf(request.keywords);
  const subject = subjectOf(request.topic, keywords) || keywords[0] || 'this subject';
  const directives = directivesOf(context.prompt.text);
  const facts = relevantSentences(context.inputs, `${request.topic} ${keywords.join(' ')}`, FACTS_MAX);
  const section: SectionContext = {
    f: subject,
    F: capitalise(subject),
    s: shortSubjectOf(subject, keywords),
    S: capitalise(shortSubjectOf(subject, keywords)),
    brand,
    keywords,
    tone: brand.tone,
    picker: pickerOf('blog', request.topic.toLowerCase(), keywords, brand.company),
    facts: factPoolOf(facts),
    callToAction: directives.callToAction,
    kinds: [],
  };
  const count = directives.sections ?? SECTIONS_BY_LENGTH[request.length];
  const kinds = planOf(request.topic, count, (kind) => {
    if (kind === 'brand') return hasBrand(brand);
    // A section of the user's own sentences needs a few of them; the intro takes the first.
    if (kind === 'practice') return facts.length >= 3;
    return true;
  });
  section.kinds = kinds;
  return {
    context: section,
    topic: request.topic,
    kinds,
    words: directives.words ?? BLOG_LENGTH_WORDS[request.length],
    facts,
    verbatim: [
      ...facts,
      ...brand.summary,
      ...[brand.offerSentence, brand.offerPhrase, brand.audience, brand.company].filter(
        (value) => value !== null,
      ),
      ...brand.keyPhrases,
      ...keywords,
      subject,
      ...(typeof directives.callToAction === 'string' ? [directives.callToAction] : []),
    ],
  };
};

/** The heading a kind gets in this post (the picker's choice among its headings). */
export const headingFor = (kind: SectionKind, c: SectionContext): string => {
  const headings = headingsOf(kind, c);
  return c.picker.pick(READING_ORDER.indexOf(kind) + 1, headings);
};

export const sectionOf = (heading: string, blocks: Block[]): BlogSection => ({
  heading,
  html: blocksHtml(blocks),
});

/** One section's HTML as it streams and as the whole article reads: the heading, then the body. */
export const sectionArticleHtml = (section: BlogSection): string =>
  `<h2>${escapeHtml(section.heading)}</h2>\n${section.html}\n`;

/** The whole article: every section's heading and body, as the editor shows it. */
export const blogPostHtml = (post: Pick<BlogPost, 'sections'>): string =>
  post.sections.map(sectionArticleHtml).join('');

const mentions = (text: string, keyword: string): boolean =>
  text.toLowerCase().includes(keyword.toLowerCase());

/** A meta description that says what the post covers: the fullest wording that fits in 160 characters. */
const metaDescriptionOf = (c: SectionContext, keywords: string[]): string => {
  const extra = keywords.filter((keyword) => !mentions(c.f, keyword)).slice(0, 2);
  const tails = [extra.length > 0 ? `, with tips on ${listInWords(extra)}` : '', ''];
  const readers = [c.brand.audience ? ` for ${c.brand.audience}` : '', ''];
  const shapes = [
    (subject: string, who: string, tail: string) =>
      `A practical guide to ${subject}${who}: where to start, the mistakes to avoid and how to keep improving${tail}.`,
    (subject: string, who: string, tail: string) =>
      `${capitalise(subject)}, step by step${who}: a clear plan, the common pitfalls and a simple way to measure progress${tail}.`,
  ];
  const shape = c.picker.pick(30, shapes);
  for (const subject of [c.f, c.s]) {
    for (const who of readers) {
      for (const tail of tails) {
        const text = shape(subject, who, tail);
        if (text.length <= META_MAX) return text;
      }
    }
  }
  return shortenText(shape(c.s, '', ''), META_MAX);
};

export type BlogProgress = Pick<ContentContext, 'onDelta' | 'onProgress' | 'signal'>;

const checkAborted = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted)
    throw signal.reason instanceof Error ? signal.reason : new Error('The generation was cancelled.');
};

export const writeBlogPost = (
  context: ContentContext,
  request: { topic: string; keywords: string[]; length: BlogLength },
): BlogPost => {
  const composition = compositionOf(context, request);
  const c = composition.context;
  checkAborted(context.signal);
  context.onProgress?.(0);

  const sections: BlogSection[] = [];
  const textSoFar: string[] = [];
  let wordsLeft = composition.words;
  composition.kinds.forEach((kind, index) => {
    checkAborted(context.signal);
    const last = index === composition.kinds.length - 1;
    // Each section takes an even share of what is left, so a short section leaves room to the next.
    const budget = Math.round(wordsLeft / (composition.kinds.length - index));
    const variant = c.picker.index(40 + index, 6);
    const blocks = blocksInTone(
      c.tone,
      composeSection(kind, c, { budget, variant, listMode: 'auto' }, blocksWords),
      composition.verbatim,
    );
    if (last) {
      // Every keyword appears at least once: the conclusion names those no earlier section used.
      const missing = c.keywords.filter(
        (keyword) => !mentions(`${textSoFar.join(' ')} ${blocksText(blocks)}`, keyword),
      );
      if (missing.length > 0) {
        const they = missing.length === 1 ? 'it deserves' : 'they deserve';
        blocks.splice(
          1,
          0,
          paragraph(
            `Keep ${listInWords(missing)} on your list as well: ${they} a place in any plan for ${c.f}.`,
          ),
        );
      }
    }
    wordsLeft -= blocksWords(blocks);
    textSoFar.push(blocksText(blocks));
    const section = sectionOf(headingFor(kind, c), blocks);
    sections.push(section);
    context.onDelta?.(sectionArticleHtml(section));
    // The last few percent are left for the caller's save.
    context.onProgress?.(Math.round(((index + 1) / composition.kinds.length) * 95));
  });

  const post: BlogPost = {
    title: titleOf(request.topic, c.F),
    slug: slugify(titleOf(request.topic, c.F)),
    metaDescription: metaDescriptionOf(c, c.keywords),
    outline: sections.map((section) => section.heading),
    sections,
    keywordsUsed: c.keywords.filter((keyword) =>
      sections.some(
        (section) => mentions(section.html, escapeHtml(keyword)) || mentions(section.heading, keyword),
      ),
    ),
  };
  context.onProgress?.(100);
  return post;
};
