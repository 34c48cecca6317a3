/**
 * Everything the profile keeps is plain text: read from the DOM's text (never its HTML), with the
 * characters that only make trouble later taken out. React escapes it on screen; prompts get it as text.
 */

/** C0/C1 controls (but tab and newline), zero-width and bidirectional overrides (they can disguise text). */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: taking control characters out is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export const cleanText = (text: string): string => text.replace(INVISIBLE, '');

/** One line: whitespace runs become one space. */
export const collapse = (text: string): string => cleanText(text).replace(/\s+/g, ' ').trim();

/** Cut by code points so an emoji is never split in half. */
export const cut = (text: string, max: number): string => {
  if (text.length <= max) return text.trim();
  return Array.from(text).slice(0, max).join('').trim();
};

/** Cut at a word boundary when there is one in the last fifth, so a cut text does not end mid-word. */
export const cutAtWord = (text: string, max: number): string => {
  const cutText = cut(text, max);
  if (cutText.length === text.trim().length) return cutText;
  const lastSpace = cutText.lastIndexOf(' ');
  return lastSpace > max * 0.8 ? cutText.slice(0, lastSpace).replace(/[\s,;:–—-]+$/, '') : cutText;
};

export const uniqueCaseless = (values: string[], max: number): string[] => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
    if (out.length === max) break;
  }
  return out;
};

/**
 * Sentences of a paragraph: split after . ! ? (and their full-width forms) followed by a space and
 * a capital letter, digit or quote, so "e.g. this" and "3.5 ms" stay whole.
 */
export const sentencesOf = (paragraph: string): string[] =>
  paragraph
    .split(/(?<=[.!?。！？])\s+(?=[\p{Lu}\p{N}"“„«'])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

export const wordCount = (text: string): number =>
  text.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu)?.length ?? 0;
