/**
 * How far a piece may be from the length asked before it is fitted (and, still off after that, shown to
 * the user as needing review instead of ready): a quarter either way. A model asked for "about 1,200
 * words" that answers 900 or 1,500 has done what was asked; one that answers 110 has not.
 */
export const LENGTH_TOLERANCE = 0.25;

export type LengthCheck = {
  words: number;
  asked: number;
  /** Null when within the tolerance. */
  off: 'short' | 'long' | null;
};

/** Words as a reader counts them: runs of letters or digits (HTML tags and punctuation are not words). */
export const wordCount = (text: string): number =>
  text.replace(/<[^>]*>/g, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;

export const checkLength = (words: number, asked: number): LengthCheck => {
  const off =
    words < asked * (1 - LENGTH_TOLERANCE) ? 'short' : words > asked * (1 + LENGTH_TOLERANCE) ? 'long' : null;
  return { words, asked, off };
};

/** The note the user reads beside a piece whose length is still off after fitting. */
export const lengthNote = (check: LengthCheck): string =>
  `It has about ${check.words.toLocaleString('en-US')} words; about ${check.asked.toLocaleString('en-US')} were asked for.`;
