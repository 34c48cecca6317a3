import { createHash } from 'node:crypto';
import { slugOfTitle } from '@sales-assist/contract';

/** Small text helpers the offline composer builds its sentences with. */

export type Picker = {
  /** One of `options`, the same one for the same seed and slot. */
  pick: <T>(slot: number, options: readonly T[]) => T;
  /** A number in [0, modulo), the same for the same seed and slot. */
  index: (slot: number, modulo: number) => number;
};

/**
 * Chooses among phrasings by a hash of what is being written (the topic, the keywords, the brand), so
 * the same request always reads the same (a rerun is stable, tests can assert it) while two topics do
 * not read alike. Slots beyond the digest's 32 bytes are hashed again, so no slot repeats another's.
 */
export const pickerOf = (...seed: unknown[]): Picker => {
  const base = JSON.stringify(seed);
  const digests: Buffer[] = [];
  const byteAt = (slot: number): number => {
    const block = Math.floor(slot / 32);
    while (digests.length <= block) {
      digests.push(createHash('sha256').update(`${base}#${digests.length}`).digest());
    }
    return digests[block]?.[slot % 32] ?? 0;
  };
  const index = (slot: number, modulo: number): number => {
    if (modulo <= 0) throw new Error('pickerOf: nothing to pick from');
    // Two bytes, so lists longer than a few items are picked evenly enough.
    return (byteAt(slot * 2) * 256 + byteAt(slot * 2 + 1)) % modulo;
  };
  return {
    index,
    pick: <T>(slot: number, options: readonly T[]): T => {
      const choice = options[index(slot, options.length)];
      if (choice === undefined) throw new Error('pickerOf: nothing to pick from');
      return choice;
    },
  };
};

/** `list` turned so that it starts at `start` (every item kept, order kept): a stable variation. */
export const rotate = <T>(list: readonly T[], start: number): T[] => {
  if (list.length === 0) return [];
  const from = ((start % list.length) + list.length) % list.length;
  return [...list.slice(from), ...list.slice(0, from)];
};

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Lower-cases the first letter unless the first word is an acronym or a name written in capitals. */
export const lowerFirst = (text: string): string =>
  // A name of capitalised words ("Acme Rockets launch schedule") keeps its capitals.
  /^[A-Z][a-z]/.test(text) && !/^[A-Z][a-z]+[A-Z]/.test(text) && !/^[A-Z][a-z]+\s+[A-Z][a-z]/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;

/** Collapses white space (line breaks too) and trims. */
export const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text of a fragment of HTML (a blog post given as the source of a LinkedIn post). */
export const textOfHtml = (html: string): string =>
  squash(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/(p|h[1-6]|li|blockquote|div|br)>|<br\s*\/?>/gi, '$&\n')
      .replace(/<li[^>]*>/gi, ' ')
      // Inline tags sit inside words and sentences: they leave no space behind.
      .replace(/<\/?(?:strong|em|b|i|a|span|code|mark|small|sub|sup)(?:\s[^>]*)?>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/([^.!?:;\s])\s*\n/g, '$1.\n'),
  );

export const wordCount = (text: string): number => text.split(/\s+/).filter((word) => /\w/.test(word)).length;

/** Words that carry no topic of their own: they never make two texts "about the same thing". */
const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each even ever every few for from further ' +
    'get gets getting got had has have having he her here hers him his how i if in into is it its itself ' +
    'just more most much my no nor not now of off on once only or other our ours out over own per same she ' +
    'should so some such than that the their theirs them then there these they this those through to too ' +
    'under until up us very was we were what when where which while who whom why will with without would ' +
    'you your yours yourself new way ways make makes made use using used one two three need needs thing ' +
    'things really many well like want guide tips best better vs versus'
  ).split(' '),
);

/** The meaningful words of a text, lower-cased and with a plural "s" dropped, for comparing topics. */
export const contentWords = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
    .map((word) => word.replace(/['’]s$/, ''))
    .filter((word) => word.length > 2 && !STOPWORDS.has(word))
    .map((word) =>
      word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|prof|inc|ltd|co|st|no|approx|fig)\.$/i;

/** A text's sentences, in order; list items and lines without a full stop count as sentences too. */
export const sentencesOf = (text: string): string[] => {
  const sentences: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split(/\n+/)) {
    const clean = squash(line.replace(/^\s*(?:[-*•▪·>]|\d+[.)])\s+/, ''));
    if (!clean) continue;
    let current = '';
    for (const piece of clean.split(/(?<=[.!?])\s+(?=["“'‘(]?[\p{Lu}\p{N}])/u)) {
      current = current ? `${current} ${piece}` : piece;
      if (!ABBREVIATION.test(current)) {
        sentences.push(current);
        current = '';
      }
    }
    if (current) sentences.push(current);
  }
  return sentences;
};

/** A sentence ends with a stop (a line from a list often does not). */
export const asSentence = (text: string): string => {
  const clean = squash(text);
  if (!clean) return '';
  return /[.!?…]["”’)]?$/.test(clean) ? capitalise(clean) : `${capitalise(clean.replace(/[,;:–—-]+$/, ''))}.`;
};

/** Cuts a text to at most `max` characters after a whole word (no ellipsis: for titles and tags). */
export const cutAtWord = (text: string, max: number): string => {
  const clean = squash(text);
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max + 1);
  const lastSpace = room.lastIndexOf(' ');
  const kept = lastSpace > 0 ? room.slice(0, lastSpace) : clean.slice(0, max);
  return kept.replace(/[\s,;:–—-]+$/u, '').replace(/\s+(?:and|or|of|for|to|the|a|an|in|on|with|at)$/i, '');
};

/** A URL-safe slug of a title (the contract's: the blog editor makes the same one as the title is edited). */
export const slugify = slugOfTitle;

const VOWEL = /[aeiou]/;

/** "choose" → "choosing", "plan" → "planning", "build" → "building": for "how to …" topics. */
export const gerundOf = (verb: string): string => {
  const word = verb.toLowerCase();
  if (word.endsWith('ing') && word.length > 5) return verb;
  if (word === 'be') return 'being';
  if (word.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (word.endsWith('e') && !/(?:ee|ye|oe)$/.test(word) && word.length > 2) return `${verb.slice(0, -1)}ing`;
  const syllables = word.match(/[aeiouy]+/g)?.length ?? 0;
  const last = word.at(-1) ?? '';
  const beforeLast = word.at(-2) ?? '';
  const third = word.at(-3) ?? '';
  if (
    syllables === 1 &&
    !VOWEL.test(last) &&
    !/[wxy]/.test(last) &&
    VOWEL.test(beforeLast) &&
    !VOWEL.test(third)
  ) {
    return `${verb}${last}ing`;
  }
  return `${verb}ing`;
};

/** "a", or "an" before a vowel sound (good enough for the words a brand profile holds). */
export const articleFor = (word: string): 'a' | 'an' =>
  /^(?:[aeio]|u(?!ni|se|sa|su|ro)|hour|honest|[FHLMNRSX](?:[A-Z]|$))/.test(word) ? 'an' : 'a';

/** Joins a list the way a sentence does: "a", "a and b", "a, b and c". */
export const listInWords = (items: readonly string[], conjunction = 'and'): string => {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
};

/** Drops items that say the same as an earlier one (case and spacing ignored), keeping the first. */
export const distinct = (items: readonly string[]): string[] => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const item of items) {
    const key = squash(item).toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(squash(item));
  }
  return kept;
};

/** Singular things a business has one of: bare, they need a determiner ("your sales pipeline"). */
const COUNT_NOUNS =
  /^(?:pipeline|website|site|funnel|crm|strategy|process|team|brand|newsletter|page|proposal|pitch|demo|budget|calendar|playbook|template|product|campaign|blog|podcast|dashboard|deck|script|sequence|list|channel|schedule|routine|checklist|roadmap|plan|inbox|offer|store|shop|app|profile|portfolio|agency|business|company|startup|launch|account|forecast|quota|territory|cadence|workflow|stack|tool)$/i;
const DETERMINER =
  /^(?:a|an|the|your|our|my|their|his|her|its|this|that|these|those|every|each|any|some|no|one|two|three|\d+)$/i;

/**
 * A noun group as it reads inside a sentence: a bare singular thing a business has one of takes "your"
 * ("Keep your sales pipeline in view", not "Keep sales pipeline in view"); anything else is left as it is
 * (plurals, activities like "deal tracking", groups that already have a determiner, gerunds, names).
 */
export const withDeterminer = (phrase: string): string => {
  const words = phrase.split(' ');
  const qualifier = words.findIndex(
    (word, index) => index >= 1 && /^(?:for|in|with|without|at|on|that|which|who|of|to|from|by)$/i.test(word),
  );
  const head = qualifier > 0 ? words.slice(0, qualifier) : words;
  const last = head.at(-1) ?? '';
  if (head.some((word) => DETERMINER.test(word)) || /ing$/i.test(head[0] ?? '')) return phrase;
  // A name's thing is "the" one ("the Acme Rockets launch schedule"); a bare name is left alone.
  const named = /^\p{Lu}/u.test(head[0] ?? '') && !/^\p{Lu}+$/u.test(head[0] ?? '');
  if (!COUNT_NOUNS.test(last) || (named && head.length === 1)) return phrase;
  return named ? `the ${phrase}` : `your ${phrase}`;
};

/** A noun group that takes "are" ("follow-up reminders"), judged by its head's last word; "sales" is not one. */
export const isPlural = (phrase: string): boolean => {
  const words = phrase.split(' ');
  const qualifier = words.findIndex(
    (word, index) => index >= 1 && /^(?:for|in|with|without|at|on|that|which|who|of|to|from|by)$/i.test(word),
  );
  const last = (qualifier > 0 ? words[qualifier - 1] : words.at(-1)) ?? '';
  // "closing bigger deals" is one activity.
  if (words.length > 1 && /ing$/i.test(words[0] ?? '')) return false;
  return /[^su'’]s$/i.test(last) && !/^(?:sales|analytics|news|business|process|ops|saas|crms?)$/i.test(last);
};

/** The verb that agrees with `subject`: `verb("follow-ups", "matters", "matter")` → "matter". */
export const verb = (subject: string, singular: string, plural: string): string =>
  isPlural(subject) ? plural : singular;
