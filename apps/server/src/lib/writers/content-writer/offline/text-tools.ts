import { slugOfTitle } from '@sales-assist/contract';

/** Small text helpers of the offline writer and its checks. */

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
