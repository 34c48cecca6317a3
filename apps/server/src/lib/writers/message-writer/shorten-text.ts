const ELLIPSIS = '…';
/** A cut at a sentence end is kept when it keeps at least this share of the room; else words are cut. */
const SENTENCE_SHARE = 0.5;

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);
const endsSentence = (char: string | undefined): boolean => char !== undefined && /[.!?]/.test(char);

/** Collapses runs of spaces and tabs (not line breaks) and trims every line. */
export const tidyText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * Fits a text into `max` characters the way a person would shorten it: at the last full sentence when
 * that keeps most of it, else after the last whole word with an ellipsis, never in the middle of a word.
 * LinkedIn refuses an invitation note over 300 characters, so this is a hard limit, not a hint. A text
 * whose first word alone is too long comes back empty (the caller decides what to do instead).
 */
export const shortenText = (text: string, max: number): string => {
  const clean = tidyText(text);
  if (clean.length <= max) return clean;

  for (let end = max - 1; end >= Math.floor(max * SENTENCE_SHARE) - 1; end -= 1) {
    // A closing quote or bracket right after the stop belongs to the sentence.
    const closer = /["'”’)]/.test(clean[end + 1] ?? '') ? 1 : 0;
    if (
      endsSentence(clean[end]) &&
      end + closer < max &&
      (end + closer + 1 === clean.length || isSpace(clean[end + closer + 1]))
    ) {
      return clean.slice(0, end + closer + 1).trim();
    }
  }

  // Room for the ellipsis: the kept words end before position max - 1.
  for (let cut = max - 1; cut > 0; cut -= 1) {
    if (!isSpace(clean[cut])) continue;
    const kept = clean
      .slice(0, cut)
      .replace(/[\s,;:–—-]+$/u, '')
      .trimEnd();
    if (kept) return `${kept}${ELLIPSIS}`;
  }
  return '';
};

/**
 * Shortens one field of a lead (a headline, a company) to fit inside a sentence: whole words only.
 * A value that has no word boundary within the room (a 200-character "name") is dropped.
 */
export const clipField = (value: string | null, max: number): string | null => {
  if (!value) return null;
  if (value.length <= max) return value;
  for (let cut = max; cut > 0; cut -= 1) {
    if (!isSpace(value[cut])) continue;
    // A value cut after "at", "of" or "and" would leave that word hanging inside the sentence.
    const kept = value
      .slice(0, cut)
      .replace(/(?:[\s,;:&|/–—-]+|\s+(?:at|of|and|or|for|in|with|the|a|an|to|on))+$/iu, '')
      .trimEnd();
    if (kept) return kept;
  }
  return null;
};

/**
 * One line of at most `max` characters, cut where the room ends with an ellipsis: a quote in an activity
 * line or a content item's name, where a glance must recognise the text and a cut word does no harm.
 */
export const excerpt = (text: string, max = 80): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};
