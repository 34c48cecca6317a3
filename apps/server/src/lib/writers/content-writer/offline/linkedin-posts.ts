import { LINKEDIN_POST_MAX } from '@sales-assist/contract';
import { VOICES } from '../../message-writer/offline-voices';
import { shortenText } from '../../message-writer/shorten-text';
import type { ContentContext, LinkedinPostDraft } from '../types';
import { type BrandFacts, brandFactsOf } from './brand-facts';
import { CONTENT_VOICES, type ContentVoice } from './content-voices';
import { directivesOf } from './directives';
import { isNounVerb, relevantSentences, shortSubjectOf, subjectChunks, subjectOf } from './grounding';
import {
  asSentence,
  capitalise,
  contentWords,
  distinct,
  lowerFirst,
  type Picker,
  pickerOf,
  rotate,
  sentencesOf,
  squash,
  textOfHtml,
  wordCount,
} from './text-tools';
import { inTone } from './tone-style';

/**
 * LinkedIn posts without a model: a hook, a body of short lines and a few hashtags, in the brand's
 * tone, about a topic or summarising a source (a blog post, an input). Each variant is written in a
 * different shape (an insight, a short list, a question, a myth, a summary), so the variants are
 * real alternatives rather than copies with a word changed.
 */

export const HASHTAGS_MAX = 5;
const HASHTAGS_DEFAULT = 3;
/** Between two variants in the streamed text, as the LLM writer streams them (modules/linkedin-posts). */
export const VARIANT_SEPARATOR = '\n---\n';

/** The post as it is published and streamed: hook, blank line, body, blank line, hashtags. */
export const linkedinPostText = (draft: LinkedinPostDraft): string =>
  [draft.hook, draft.body, draft.hashtags.join(' ')].filter((part) => part !== '').join('\n\n');

type PostContext = {
  /** The subject in full (hooks), and in fewer words (`s`) for the mentions after. */
  f: string;
  F: string;
  s: string;
  brand: BrandFacts;
  voice: ContentVoice;
  tone: BrandFacts['tone'];
  picker: Picker;
  emoji: boolean;
  /** The source's main points (or the user's inputs' most relevant sentences), in their order. */
  points: string[];
  fromSource: boolean;
  callToAction: string | false | null;
};

type Shape = { name: string; write: (c: PostContext, alt: number) => { hook: string; lines: string[] } };

const bullet = (c: PostContext): string => (c.emoji ? '✅ ' : '• ');
const mark = (c: PostContext, emoji: string): string => (c.emoji ? `${emoji} ` : '');

/** Advice that holds for any subject, for when there is no source to summarise. */
const tipsOf = (c: PostContext): string[] => [
  // A source's title ("Launch week recap") is no goal to set: that tip is for topics only.
  ...(c.fromSource ? [] : [`Start with one clear goal for ${c.s}, and write it down.`]),
  'Fix one thing at a time instead of everything at once.',
  'Keep the routine small enough to survive a busy week.',
  'Look back regularly at what changed, and adjust.',
  `Keep ${c.brand.audience ?? 'your customers'} at the centre of every decision.`,
];

/** `count` points: the source's own first, then general advice to make up the number. */
const pointsOf = (c: PostContext, count: number, alt: number): string[] => {
  const tips = tipsOf(c);
  const start = alt % tips.length;
  // Each shape starts at another of the source's points, so two variants do not list the same three.
  return distinct([...rotate(c.points, alt), ...tips.slice(start), ...tips.slice(0, start)]).slice(0, count);
};

/**
 * The one paragraph about the company: the offer in its own form ("we build …" from a sentence about the
 * company, "we work on …" for a phrase, else the user's sentence quoted whole). The brand colours the post
 * here and only here; the subject stays the topic.
 */
const brandLine = (c: PostContext): string[] => {
  const { company, offerWe, offerPhrase, offerSentence, audience } = c.brand;
  if (!company) return [];
  const forWhom = audience ? `, with ${audience} in mind` : '';
  // After advice the company holds to it; after a source's news (a recap, a case) it simply says what it does.
  const principle = c.fromSource ? '' : ', and this is a principle we keep coming back to';
  if (offerWe) return [`At ${company}, we ${offerWe}${forWhom}${principle}.`];
  if (offerPhrase) return [`At ${company}, we work on ${offerPhrase}${forWhom}${principle}.`];
  if (offerSentence) {
    return [
      c.fromSource
        ? offerSentence
        : `${offerSentence} It is a principle we keep coming back to at ${company}.`,
    ];
  }
  return c.fromSource ? [] : [`It is a principle we keep coming back to at ${company}.`];
};

const closing = (c: PostContext, alt: number): string[] => {
  const questions = c.voice.closingQuestions;
  const question = questions[(c.picker.index(60, questions.length) + alt) % questions.length]?.(c.s) ?? '';
  if (c.callToAction === false || c.callToAction === null) return [question];
  return [asSentence(c.callToAction), question];
};

const SHAPES: readonly Shape[] = [
  {
    name: 'insight',
    write: (c, alt) => ({
      hook: `${mark(c, '💡')}${c.voice.statementHooks[alt % c.voice.statementHooks.length]?.(c.f, c.F) ?? c.F}`,
      lines: [
        c.fromSource && c.points[0]
          ? c.points[0]
          : `Most of the difficulty with ${c.s} comes from trying to do too much at once. The teams that make progress pick one priority, make it a habit and review it regularly.`,
        '',
        'What helps:',
        // With a source, its first point opens the post, so the list takes the others.
        ...pointsOf(c.fromSource ? { ...c, points: c.points.slice(1) } : c, 3, alt).map(
          (point) => `${bullet(c)}${point}`,
        ),
        '',
        ...brandLine(c),
        ...(c.brand.company ? [''] : []),
        ...closing(c, alt),
      ],
    }),
  },
  {
    name: 'list',
    write: (c, alt) => {
      const points = pointsOf(c, 3, alt + 1);
      const numbers = ['Three', 'Two', 'One'];
      const count = numbers[3 - points.length] ?? 'A few';
      return {
        hook: `${mark(c, '👉')}${count} ${points.length === 1 ? 'idea' : 'ideas'} to make ${c.s} easier:`,
        lines: [
          ...points.map((point, index) => `${index + 1}. ${point}`),
          '',
          'None of them needs a big budget, just a little consistency.',
          '',
          ...closing(c, alt + 1),
        ],
      };
    },
  },
  {
    name: 'question',
    write: (c, alt) => ({
      hook: `${mark(c, '🤔')}${c.picker.pick(70 + alt, VOICES[c.tone].questionLeads)} how much attention does your team give to ${c.f}?`,
      lines: [
        'For many teams the honest answer is "less than it deserves", and that is understandable: there is always something more urgent.',
        '',
        `But small, steady effort on ${c.s} pays off:`,
        ...pointsOf(c, 3, alt + 2).map((point) => `${bullet(c)}${point}`),
        '',
        ...brandLine(c),
        ...(c.brand.company ? [''] : []),
        ...closing(c, alt + 2),
      ],
    }),
  },
  {
    name: 'myth',
    write: (c, alt) => ({
      hook: `${mark(c, '🚫')}A common belief about ${c.f}: doing it well takes a lot of time and money.`,
      lines: [
        'It rarely does.',
        '',
        `What makes ${c.s} feel hard is usually not the work itself but the lack of a clear starting point. Once that is in place, most of the rest follows:`,
        ...pointsOf(c, 3, alt + 3).map((point) => `${bullet(c)}${point}`),
        '',
        ...closing(c, alt + 3),
      ],
    }),
  },
  {
    name: 'summary',
    write: (c, alt) => ({
      hook: `${mark(c, '📌')}${c.F}, in a few lines:`,
      lines: [
        // The summary keeps the source's own order: its first point first.
        // Advice only makes up a source too short for three points of its own.
        ...pointsOf(c, Math.min(4, Math.max(3, c.points.length)), alt).map((point) => `${bullet(c)}${point}`),
        '',
        ...brandLine(c),
        ...(c.brand.company ? [''] : []),
        ...closing(c, alt + 4),
      ],
    }),
  },
];

/** The shapes to use in order: a source leads with its summary, a topic with an insight. */
const shapesFor = (fromSource: boolean): Shape[] =>
  fromSource
    ? SHAPES.filter((shape) => shape.name === 'summary').concat(
        SHAPES.filter((shape) => shape.name !== 'summary'),
      )
    : [...SHAPES];

/** Sentences that introduce or frame rather than say something: a summary skips them. */
/** Sentences that lean on the one before ("What it does require…", "This means…"): alone they dangle. */
const LEANS_BACK =
  /^(?:what (?:it|this|that|they) (?:does|do|did|is|are)|this|that|these|those|it|they|such|so|but|and|also|then)\b/i;

const FRAMING =
  /\b(?:this (?:post|guide|article)|in this (?:post|guide|article)|below|above|here is|here are|that is why|read on|let us|let's|we will look)\b/i;

/**
 * A source's main points, extractively: a blog post's list items first (its steps and tips are its
 * substance), then its sentences scored by how often their words recur across the text, leaving out the
 * subject's own words (every sentence shares those) and framing sentences. Kept in the source's order.
 */
export const mainPointsOf = (
  source: { text: string; html: string | null },
  /** Words every sentence may share (the subject, the brand's name, its audience): they score nothing. */
  subject: string,
  limit: number,
): string[] => {
  const items = source.html
    ? [...source.html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((match) => textOfHtml(match[1] ?? ''))
    : [];
  const fits = (sentence: string): boolean => {
    const words = wordCount(sentence);
    return words >= 6 && words <= 40 && !/\?["”’)]?$/.test(sentence) && !/https?:\/\//.test(sentence);
  };
  const ignored = new Set(contentWords(subject));
  const frequency = new Map<string, number>();
  for (const word of contentWords(source.text)) {
    if (!ignored.has(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const candidates = [
    ...items.filter(fits).map((sentence) => ({ sentence, bonus: 1.5 })),
    ...sentencesOf(source.text)
      .filter(fits)
      .filter((sentence) => !items.some((item) => item.includes(sentence)))
      .map((sentence) => ({
        sentence,
        bonus: FRAMING.test(sentence) || LEANS_BACK.test(sentence) ? 0.3 : 1,
      })),
  ];
  return distinct(
    candidates
      .map(({ sentence, bonus }, order) => {
        const words = contentWords(sentence).filter((word) => !ignored.has(word));
        const score =
          (bonus * words.reduce((sum, word) => sum + (frequency.get(word) ?? 0), 0)) /
          Math.sqrt(words.length + 1);
        return { sentence: asSentence(sentence), order, score };
      })
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, limit)
      .sort((a, b) => a.order - b.order)
      .map((entry) => entry.sentence),
  );
};

/** The subject of a source without a topic: its title line when it starts with one, else its most frequent pair of words. */
const subjectOfSource = (text: string, brand: BrandFacts): string => {
  const firstLine = squash(text.split('\n').find((line) => line.trim()) ?? '');
  if (firstLine && wordCount(firstLine) <= 12 && !/[.!?]$/.test(firstLine)) return subjectOf(firstLine, []);
  const pairs = new Map<string, number>();
  for (const sentence of sentencesOf(text)) {
    const words = contentWords(sentence);
    for (let index = 0; index + 1 < words.length; index += 1) {
      const pair = `${words[index]} ${words[index + 1]}`;
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
  }
  const best = [...pairs.entries()].filter(([, count]) => count >= 2).sort((a, b) => b[1] - a[1])[0]?.[0];
  return best ?? brand.keyPhrases[0] ?? brand.offerPhrase ?? 'this';
};

/** "pipeline visibility" → "#PipelineVisibility"; null when nothing usable is left. */
const hashtagOf = (phrase: string): string | null => {
  const words = phrase
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0 || words.length > 3) return null;
  const tag = words
    .map((word) => (word === word.toUpperCase() ? word : capitalise(word.toLowerCase())))
    .join('');
  return tag.length >= 2 && tag.length <= 30 && /\p{L}/u.test(tag) ? `#${tag}` : null;
};

/** Words that describe rather than name: alone they make a fragment of a hashtag ("#Small"). */
const ADJECTIVE =
  /^(?:small|big|large|simple|easy|quick|fast|slow|new|old|good|great|best|better|free|hidden|cold|warm|hot|local|smart|real|true|clear|bigger|smaller|key|top|main|full|low|high|early|late|right|wrong|common|modern|reusable|weekly|daily|monthly)$|(?:al|ive|ous|ful|less|able|ible|ic|ed|ish|ary|est|er)$/i;

/**
 * A single word stands as a hashtag only when it names something: a plural noun, an acronym or a long
 * word that is not an adjective (and, from the topic, not a lone verb like "running").
 */
const standsAlone = (word: string, fromTopic: boolean): boolean => {
  if (/^\p{Lu}{2,6}$/u.test(word)) return true;
  if (ADJECTIVE.test(word) && !/(?:ers|ists|ics)$/i.test(word)) return false;
  // A topic's lone word may be its verb ("write" of "How to write…"): only a plural or a noun's ending counts.
  if (fromTopic) {
    // "Why the sales plan works": a lone "#Works" is the topic's verb, not its subject.
    if (isNounVerb(word)) return false;
    // The words that frame a topic ("Five signs…", "3 reasons why…") are not what it is about.
    if (
      /^(?:signs|reasons|ways|tips|ideas|steps|lessons|things|questions|examples|rules|truths|habits|mistakes|myths|trends)$/i.test(
        word,
      )
    )
      return false;
    return /(?:[^s]s|ment|tion|sion|ness|ity|ship|ism)$/i.test(word) && word.length >= 5;
  }
  return word.length >= 5 && /\p{L}/u.test(word);
};

/** "closing bigger deals" → "bigger deals", "stopped cold calling" → "cold calling": a tag names the thing. */
const withoutGerund = (chunk: string): string => {
  const words = chunk.split(' ');
  return words.length >= 3 && /(?:ing|ed)$/i.test(words[0] ?? '') ? words.slice(1).join(' ') : chunk;
};

/**
 * Hashtags about the topic first (its noun groups: "#FollowUps", "#Meetings"), then the brand's key
 * phrases, then the source's frequent words and the offer's. A lone adjective or verb is no hashtag, and a
 * tag that another starts with ("#Follow" beside "#FollowUps") is a repeat.
 */
const hashtagsOf = (c: PostContext, count: number, topic: string, sourceText: string): string[] => {
  if (count <= 0) return [];
  const sourceWords = [
    ...contentWords(sourceText).reduce(
      (map, word) => map.set(word, (map.get(word) ?? 0) + 1),
      new Map<string, number>(),
    ),
  ]
    .filter(([, times]) => times >= 2)
    .sort((a, b) => b[1] - a[1])
    .map(([word]) => word);
  const single = (fromTopic: boolean) => (phrase: string) =>
    phrase.includes(' ') || phrase.includes('-') || standsAlone(phrase, fromTopic);
  // The subject's own head word names the topic ("#Website" of "your website that loses leads").
  const head = (
    /^(?:why|how|what|when|where|who|is|are|do|does|can|should|will)\b/i.test(c.s) ? [] : subjectChunks(c.s)
  )
    .map(withoutGerund)
    .filter((chunk) => single(false)(chunk) && !/ing$/i.test(chunk));
  const candidates = [
    ...head,
    ...distinct([...subjectChunks(c.f), ...(topic ? subjectChunks(topic) : [])].map(withoutGerund)).filter(
      single(true),
    ),
    ...c.brand.keyPhrases,
    ...sourceWords.filter(single(false)),
    ...(c.brand.offerPhrase ? contentWords(c.brand.offerPhrase).filter(single(false)) : []),
  ];
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = hashtagOf(candidate);
    const key = tag?.toLowerCase() ?? '';
    if (
      tag &&
      !tags.some(
        (known) => known.toLowerCase().includes(key.slice(1)) || key.includes(known.toLowerCase().slice(1)),
      )
    )
      tags.push(tag);
    if (tags.length >= count) break;
  }
  return tags;
};

/** Keeps the body's lines while they fit `maxWords` (the prompt's word count), ending on a whole line. */
const withinWords = (lines: string[], maxWords: number | null): string[] => {
  if (maxWords === null) return lines;
  const kept: string[] = [];
  let words = 0;
  for (const line of lines) {
    words += wordCount(line);
    if (words > maxWords && kept.some((each) => each.trim())) break;
    kept.push(line);
  }
  return kept;
};

const tidyBody = (lines: string[]): string =>
  lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export const writeLinkedinPosts = (
  context: ContentContext,
  request: { topic?: string; sourceText?: string; variants: number },
): LinkedinPostDraft[] => {
  const brand = brandFactsOf(context.brand);
  const directives = directivesOf(context.prompt.text);
  const raw = request.sourceText?.trim() ?? '';
  // A blog post arrives as HTML; an input as plain text, whose lines are kept.
  const html = /<[a-z][^>]*>/i.test(raw) ? raw : null;
  const source = html ? textOfHtml(html) : raw;
  const topic = squash(request.topic ?? '');
  // The brand's key phrases never stand in for the topic: they colour the company paragraph only. A
  // topic without a word ("?") is no topic.
  const fromTopic = topic ? subjectOf(topic, []) : '';
  const subject = /\p{L}/u.test(fromTopic)
    ? fromTopic
    : source
      ? subjectOfSource(source, brand)
      : (brand.keyPhrases[0] ?? brand.offerPhrase ?? 'what we do');
  const f = lowerFirst(subject);
  const points = source
    ? mainPointsOf(
        { text: source, html },
        [f, brand.company, brand.audience, brand.offerPhrase].filter(Boolean).join(' '),
        4,
      )
    : relevantSentences(context.inputs, `${topic} ${brand.keyPhrases.join(' ')}`, 3);
  const c: PostContext = {
    f,
    F: capitalise(f),
    s: shortSubjectOf(f),
    brand,
    voice: CONTENT_VOICES[brand.tone],
    tone: brand.tone,
    picker: pickerOf('linkedin', topic.toLowerCase(), source.slice(0, 2000), brand.company),
    emoji: directives.emoji ?? CONTENT_VOICES[brand.tone].emojiByDefault,
    points,
    fromSource: source !== '',
    callToAction: directives.callToAction,
  };
  const hashtags = hashtagsOf(
    c,
    Math.min(HASHTAGS_MAX, directives.hashtags ?? HASHTAGS_DEFAULT),
    topic,
    `${topic} ${source}`,
  );
  const shapes = shapesFor(c.fromSource);
  const brandWords = [brand.company, brand.offerPhrase, brand.offerSentence, brand.audience, f].filter(
    (value): value is string => Boolean(value),
  );
  const wanted = Math.max(0, Math.floor(request.variants));
  const drafts: LinkedinPostDraft[] = [];
  const seen = new Set<string>();
  for (
    let attempt = 0;
    drafts.length < wanted && attempt < wanted * shapes.length + shapes.length;
    attempt += 1
  ) {
    const shape = shapes[attempt % shapes.length];
    if (!shape) break;
    const written = shape.write(c, Math.floor(attempt / shapes.length));
    const verbatim = [
      ...c.points,
      ...brandWords,
      ...(typeof c.callToAction === 'string' ? [c.callToAction] : []),
    ];
    written.hook = inTone(c.tone, written.hook, verbatim);
    written.lines = written.lines.map((line) => inTone(c.tone, line, verbatim));
    const hook = shortenText(written.hook, 200);
    const room =
      LINKEDIN_POST_MAX - hook.length - 2 - (hashtags.length > 0 ? hashtags.join(' ').length + 2 : 0);
    const body = shortenText(tidyBody(withinWords(written.lines, directives.words)), room);
    const draft = { hook, body, hashtags };
    const key = linkedinPostText(draft);
    if (seen.has(key)) continue;
    seen.add(key);
    drafts.push(draft);
  }
  return drafts;
};

/** Streams the drafts as the LLM writer does: each post's text, a "---" line between two posts. */
export const streamLinkedinPosts = (
  drafts: LinkedinPostDraft[],
  onDelta: ((delta: string) => void) | undefined,
): void => {
  if (!onDelta) return;
  drafts.forEach((draft, index) => {
    if (index > 0) onDelta(VARIANT_SEPARATOR);
    onDelta(draft.hook);
    if (draft.body) onDelta(`\n\n${draft.body}`);
    if (draft.hashtags.length > 0) onDelta(`\n\n${draft.hashtags.join(' ')}`);
  });
};
