import type { BlogLength, BlogPost, BlogSection, ContentContext } from '../types';
import { brandFactsOf } from './brand-facts';
import { directivesOf } from './directives';
import { type Block, blocksHtml, list, paragraph } from './html-blocks';
import { instruction, keywordsOf, materialOf, type SentencePool, sentencePool } from './material';
import { nounPhrasesIn, phraseKey } from './noun-phrases';
import { isInstruction, piecesOfHtml } from './prose-checks';
import {
  asSentence,
  capitalise,
  contentWords,
  cutAtWord,
  escapeHtml,
  lowerFirst,
  slugify,
  squash,
} from './text-tools';

/**
 * A blog post without a model: an outline to complete. Each heading is a phrase the user gave (a
 * keyword, a phrase of the topic, one of the brand's key phrases); under it stand the sentences of their
 * own material that speak of it, quoted whole, and an instruction saying what to write there (marked
 * "Write here:"). The company's section quotes the offer and the site; the last says what the reader
 * does next (the prompt's call to action, in the user's words). Nothing else is written: no sentence of
 * a template with the topic slotted in, so the draft never reads as finished when it is not.
 */

/** Sections per length when the prompt does not ask for a number. */
const SECTIONS_BY_LENGTH: Record<BlogLength, number> = { short: 4, medium: 7, long: 10 };
/** Sentences of material under one heading. */
const PER_SECTION: Record<BlogLength, number> = { short: 2, medium: 3, long: 4 };
export const META_MAX = 160;

/** The post's title: the chosen topic as a title (its first letter capitalised, no trailing stop). */
export const titleOf = (topic: string): string => {
  const title = cutAtWord(squash(topic).replace(/[.;,]+$/, ''), 120);
  return capitalise(title || 'Untitled draft');
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

const mentions = (text: string, phrase: string): boolean => text.toLowerCase().includes(phrase.toLowerCase());

/** How much a sentence speaks of a phrase: the phrase's meaningful words it holds. */
const sharedWith = (phrase: string) => {
  const wanted = new Set(contentWords(phrase));
  return (sentence: string): number =>
    new Set(contentWords(sentence).filter((word) => wanted.has(word))).size;
};

/** The phrases the post is arranged by: keywords, then the topic's noun phrases, then the brand's key phrases. */
export const headingPhrasesOf = (
  context: ContentContext,
  request: { topic: string; keywords: string[] },
): string[] => {
  const seen = new Set<string>();
  const phrases: string[] = [];
  const topicWords = new Set(contentWords(`${request.topic} ${request.keywords.join(' ')}`));
  const candidates = [
    ...keywordsOf(request.keywords),
    ...nounPhrasesIn(request.topic).filter((phrase) => phrase.split(' ').length >= 2),
    // A key phrase of the brand only when it shares a word with the topic: the topic is what the post is about.
    ...context.brand.keyPhrases.filter((phrase) => contentWords(phrase).some((word) => topicWords.has(word))),
  ];
  for (const phrase of candidates) {
    const key = phraseKey(phrase);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    phrases.push(phrase);
  }
  return phrases;
};

/** Up to `count` sentences from the pool, those that share the most words with `about` first. */
const materialBlocks = (pool: SentencePool, count: number, about: string): Block[] => {
  const taken: string[] = [];
  const score = sharedWith(about);
  for (let index = 0; index < count; index += 1) {
    const sentence = pool.takeBest(score);
    if (!sentence) break;
    taken.push(sentence);
  }
  if (taken.length === 0) return [];
  return taken.length >= 3
    ? [
        list(
          false,
          taken.map((sentence) => [sentence]),
        ),
      ]
    : taken.map((sentence) => paragraph(sentence));
};

const note = (what: string): Block => paragraph({ em: instruction(what) });

export type BlogProgress = Pick<ContentContext, 'onDelta' | 'onProgress' | 'signal'>;

const checkAborted = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted)
    throw signal.reason instanceof Error ? signal.reason : new Error('The generation was cancelled.');
};

/** The sections of the outline, in reading order. */
const outlineOf = (
  context: ContentContext,
  request: { topic: string; keywords: string[]; length: BlogLength },
): BlogSection[] => {
  const brand = brandFactsOf(context.brand);
  const directives = directivesOf(context.prompt.text);
  const count = Math.max(2, directives.sections ?? SECTIONS_BY_LENGTH[request.length]);
  const perSection = PER_SECTION[request.length];
  const material = materialOf(context, `${request.topic} ${request.keywords.join(' ')}`);
  const pool = sentencePool(material.sentences);
  const about = `${request.topic} ${request.keywords.join(' ')}`;

  const sections: BlogSection[] = [];
  sections.push(
    sectionOf('Introduction', [
      note('the problem your reader has, in their words, and what this post will help them do.'),
      ...materialBlocks(pool, 1, about),
    ]),
  );
  const middle = count - 2;
  const hasCompany = Boolean(
    brand.company && (brand.offerSentence || brand.offerWe || brand.summary.length > 0),
  );
  const phraseSections = Math.max(0, middle - (hasCompany ? 1 : 0));
  const phraseSectionsStart = sections.length;
  for (const phrase of headingPhrasesOf(context, request).slice(0, phraseSections)) {
    const blocks = materialBlocks(pool, perSection, phrase);
    sections.push(
      sectionOf(capitalise(phrase), [
        ...blocks,
        note(`what your reader should know about ${lowerFirst(phrase)}, with an example from your own work.`),
      ]),
    );
  }
  // The user's material on the topic that no heading took goes under "Key points", in the place of
  // the last heading that found none (or a place of its own while the post has room).
  const rest = materialBlocks(pool, perSection, about);
  if (rest.length > 0) {
    const keyPoints = sectionOf('Key points', [
      ...rest,
      note('how these points fit together for your reader.'),
    ]);
    const empty = sections
      .map((section, index) => ({ section, index }))
      .filter(({ index }) => index >= phraseSectionsStart)
      .filter(({ section }) => piecesOfHtml(section.html).lines.every(isInstruction))
      .at(-1);
    if (empty) sections[empty.index] = keyPoints;
    else if (sections.length < 1 + phraseSections) sections.push(keyPoints);
  }
  if (hasCompany && brand.company) {
    const offer = brand.offerSentence ? pool.take((sentence) => sentence === brand.offerSentence) : null;
    sections.push(
      sectionOf(`About ${brand.company}`, [
        ...(offer ? [paragraph(offer)] : []),
        ...materialBlocks(pool, offer ? 1 : 2, brand.company),
        note('how your product or service helps with the problem this post is about.'),
      ]),
    );
  }
  const callToAction = directives.callToAction;
  sections.push(
    sectionOf(
      'Next step',
      typeof callToAction === 'string'
        ? [paragraph({ strong: asSentence(callToAction) })]
        : [note('the one thing the reader should do next, and where to do it.')],
    ),
  );
  return sections;
};

export const writeBlogPost = (
  context: ContentContext,
  request: { topic: string; keywords: string[]; length: BlogLength },
): BlogPost => {
  checkAborted(context.signal);
  context.onProgress?.(0);
  const sections = outlineOf(context, request);
  sections.forEach((section, index) => {
    checkAborted(context.signal);
    context.onDelta?.(sectionArticleHtml(section));
    // The last few percent are left for the caller's save.
    context.onProgress?.(Math.round(((index + 1) / sections.length) * 95));
  });
  const title = titleOf(request.topic);
  const material = materialOf(context, `${request.topic} ${request.keywords.join(' ')}`);
  const keywords = keywordsOf(request.keywords);
  const post: BlogPost = {
    title,
    slug: slugify(title),
    // A sentence of the user's that fits, else the title: nothing the user did not write.
    metaDescription:
      material.sentences.find((sentence) => sentence.length <= META_MAX) ?? cutAtWord(title, META_MAX),
    outline: sections.map((section) => section.heading),
    sections,
    keywordsUsed: keywords.filter((keyword) =>
      sections.some(
        (section) => mentions(section.html, escapeHtml(keyword)) || mentions(section.heading, keyword),
      ),
    ),
  };
  context.onProgress?.(100);
  return post;
};
