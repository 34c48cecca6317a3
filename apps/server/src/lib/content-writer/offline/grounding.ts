import { cleanValue } from '../../message-writer/lead-facts';
import type { ContentContext } from '../types';
import {
  asSentence,
  contentWords,
  cutAtWord,
  distinct,
  gerundOf,
  lowerFirst,
  sentencesOf,
  squash,
  wordCount,
} from './text-tools';

/** What a draft is about and what it can quote: the topic's subject and the user's own sentences. */

/** Frames a topic is often written in, and where its subject sits inside them. */
const FRAMES: readonly RegExp[] = [
  /^(?:the\s+|a\s+|an\s+|your\s+)?(?:ultimate\s+|complete\s+|beginner['’]s\s+|practical\s+|quick\s+|simple\s+|short\s+)*(?:guide|checklist|introduction|primer|handbook|playbook)\s+(?:to|for|on|of)\s+(.+)$/i,
  /^why\s+(.+?)\s+(?:matters|is important|counts)\b/i,
  /^why\s+it\s+pays\s+to\s+(?:take|get)\s+(.+?)\s+(?:seriously|right)\b/i,
  /^what(?:['’]s|\s+is)\s+next\s+for\s+(.+)$/i,
  /^(?:the\s+)?(?:most\s+)?common\s+(?:mistakes|myths|pitfalls|questions)\s+(?:with|in|about|of|around)\s+(.+?)(?:\s+and\s+how\b.*)?$/i,
  /^(?:the\s+)?(?:most\s+)?common\s+(.+?)\s+(?:mistakes|myths|pitfalls)\b/i,
  /^(?:myths|mistakes|questions|lessons|truths)\s+(?:about|with|on)\s+(.+?)(?:\s+(?:that|which|and)\b.*)?$/i,
  /^(?:\d{1,2}|a few|some|simple|practical|easy)\s+(?:tips|ways|ideas|steps|lessons|things|habits|rules)\s+(?:for|to|on|about|that)\s+(.+)$/i,
  /^(?:what|everything)\s+(?:is|are|you need to know about)\s+(.+)$/i,
  /^getting\s+started\s+with\s+(.+)$/i,
  /^(.+?)\s+(?:mistakes|myths|pitfalls|trends|best practices|checklist|explained|basics|101)\b/i,
];

const clean = (text: string): string =>
  squash(text)
    .replace(/[.!?:;,]+$/, '')
    .replace(/^["“'‘]|["”'’]$/g, '');

/**
 * The subject of a topic, as words that read well inside a sentence ("choosing a CRM for small
 * teams", "pipeline visibility"): a "how to" topic becomes its gerund, a framed topic ("A checklist
 * for …") its inner words, else the first keyword the topic names, else the topic itself.
 */
const withoutArticle = (text: string): string => text.replace(/^(?:a|an|the|your|our)\s+/i, '');

/** Topics asked as questions, and the subject inside each ("Is cold calling dead?" → "cold calling"). */
const QUESTIONS: readonly [RegExp, (match: RegExpMatchArray) => string][] = [
  [
    /^(?:is|are)\s+(.+?)\s+(?:dead|dying|worth it|worth the \w+|overrated|underrated|the future|necessary|enough|still \w+|a waste of \w+|right for \w+)$/i,
    (match) => withoutArticle(match[1] ?? ''),
  ],
  [
    /^(?:should|can|do|does|must|when should)\s+(?:you|we|i|teams|companies|small businesses|startups|founders)\s+(\S+)\s+(.+)$/i,
    (match) => `${gerundOf((match[1] ?? '').toLowerCase())} ${match[2] ?? ''}`,
  ],
  [
    /^why\s+(?:\S+\s+){1,4}?(?:need|needs|use|uses|love|loves|hate|hates|choose|chooses|buy|buys|avoid|avoids|ignore|ignores|struggle with|get|gets|lose|loses|fail at|underestimate|underestimates)\s+(.+)$/i,
    (match) => withoutArticle(match[1] ?? ''),
  ],
  [
    /^what\s+makes\s+(?:a|an|the)?\s*(?:good|great|strong|successful|the best)\s+(.+)$/i,
    (match) => match[1] ?? '',
  ],
];

/** A first part that only frames the topic ("Inside Acme: …", "Case study: …"): the subject follows it. */
const FRAME_ONLY =
  /^(?:inside|behind the scenes(?: at)?|case study|a case study|lessons from|from the field|our story|story|opinion|explained|guide|update)\b/i;

export const subjectOf = (topic: string, keywords: readonly string[]): string => {
  const title = clean(topic);
  const parts = title
    .split(/\s*[:|–—]\s+|\s+-\s+|\?\s*/)
    .map(clean)
    .filter(Boolean);
  const main = (FRAME_ONLY.test(parts[0] ?? '') && parts[1] ? parts[1] : parts[0]) ?? title;
  // "How to choose…", "How we onboard…": the verb as a gerund ("choosing…", "onboarding…").
  const howTo = main.match(/^how\s+(?:to|we|i|you|they|teams|companies)\s+(\S+)\s*(.*)$/i);
  if (howTo?.[1]) return cutAtWord(squash(`${gerundOf(howTo[1].toLowerCase())} ${howTo[2] ?? ''}`), 70);
  const named = keywords.find((keyword) => keyword && title.toLowerCase().includes(keyword.toLowerCase()));
  for (const frame of FRAMES) {
    const inner = main.match(frame)?.[1];
    if (inner && wordCount(inner) <= 8 && !/^(?:how|why|what|when|where|who)\b/i.test(inner)) {
      return cutAtWord(lowerFirst(clean(inner)), 70);
    }
  }
  if (named) return lowerFirst(named);
  for (const [question, shape] of QUESTIONS) {
    const match = main.match(question);
    if (match) return cutAtWord(lowerFirst(clean(shape(match))), 70);
  }
  if (
    wordCount(main) <= 7 &&
    !/^(?:how|why|what|when|where|who|inside|is|are|should|can|do|does|will)\b/i.test(main)
  ) {
    return cutAtWord(lowerFirst(main), 70);
  }
  if (keywords[0]) return lowerFirst(keywords[0]);
  return cutAtWord(lowerFirst(main), 70);
};

/** Words after which a subject's qualifier starts ("choosing a CRM | for a small sales team"). */
const QUALIFIER =
  /^(?:for|in|with|without|to|on|at|when|while|so|that|by|from|across|and|or|as|into|through|using|via|like)$/i;

/** The subject in fewer words, for the mentions after the first: its head before any qualifier. */
export const shortSubjectOf = (subject: string, keywords: readonly string[] = []): string => {
  const words = subject.split(' ');
  if (words.length <= 4) return subject;
  const cut = words.findIndex((word, index) => index >= 2 && QUALIFIER.test(word));
  if (cut > 0 && cut <= 4) return words.slice(0, cut).join(' ');
  // No short head ("getting more out of deal tracking"): the keyword it names, else the whole subject.
  const named = keywords.find(
    (keyword) => wordCount(keyword) <= 4 && subject.toLowerCase().includes(keyword.toLowerCase()),
  );
  return named ? lowerFirst(named) : cut > 0 ? words.slice(0, cut).join(' ') : subject;
};

/** The subject's noun groups ("email newsletters for local bakeries" → both groups), for hashtags. */
export const subjectChunks = (subject: string): string[] => {
  const chunks: string[][] = [[]];
  for (const word of subject.split(' ')) {
    if (QUALIFIER.test(word) || /^(?:a|an|the|your|our|my|their)$/i.test(word)) chunks.push([]);
    else chunks.at(-1)?.push(word);
  }
  return chunks.filter((chunk) => chunk.length > 0 && chunk.length <= 3).map((chunk) => chunk.join(' '));
};

/** Keywords as given, cleaned, without repeats, at most ten. */
export const keywordsOf = (keywords: readonly string[]): string[] =>
  distinct(
    keywords
      .map((keyword) => cleanValue(keyword.replace(/^#/, '')))
      .filter((keyword): keyword is string => keyword !== null && keyword.length <= 60),
  ).slice(0, 10);

/** Sentences a draft can use as they are: statements of a readable length, not questions or headings. */
const usable = (sentence: string): boolean => {
  const words = wordCount(sentence);
  return (
    words >= 6 &&
    words <= 60 &&
    !/\?["”’)]?$/.test(sentence) &&
    !/https?:\/\/|www\.|@\w+\.\w/.test(sentence) &&
    // "Click here", "Subscribe" and the like are a page's furniture, not material.
    !/^(?:click|subscribe|sign up|log in|cookie|copyright|all rights)\b/i.test(sentence)
  );
};

/**
 * The user's own sentences that a draft can draw on, the most relevant to the subject first (by the
 * meaningful words they share with the topic and keywords), then in the order they were written.
 * Every chosen input is material the user asked to use, so an input that shares no word with the
 * topic still gives its first sentences.
 */
export const relevantSentences = (
  inputs: ContentContext['inputs'],
  about: string,
  limit: number,
): string[] => {
  const wanted = new Set(contentWords(about));
  const scored = distinct(inputs.flatMap((input) => sentencesOf(input.text)).filter(usable)).map(
    (sentence, order) => ({
      sentence: asSentence(sentence),
      order,
      score: new Set(contentWords(sentence).filter((word) => wanted.has(word))).size,
    }),
  );
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.sentence);
};

/** A pool of sentences handed out once each, so no sentence appears twice in a draft. */
export type FactPool = { take: () => string | null; left: () => number };

export const factPoolOf = (sentences: readonly string[]): FactPool => {
  const queue = [...sentences];
  return { take: () => queue.shift() ?? null, left: () => queue.length };
};
