/** The longest figure a picture takes (the design's `stat`). */
const STAT_MAX = 24;
/** A word that says what a figure counts: three letters or more ("employees", "faster", "hours"). */
const COUNTING_WORD = /\p{L}{3,}/u;
/** Small words a figure's label does not end on ("50 to", "3 of the"). */
const TRAILING = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'and',
  'or',
  'for',
  'in',
  'on',
  'with',
  'by',
  'per',
  'at',
]);
const digitsOf = (text: string): string => text.replace(/[^\d]/g, '');

/**
 * A picture shows a number only with the words that say what it counts: "50" alone (taken from "50 to
 * 1,000 employees") tells the reader nothing, and drawn huge it reads as a claim. A figure that carries
 * no such word gets the words that follow it in the post, up to the end of its phrase and the size a
 * figure may have ("50 to 1,000 employees"); when the post gives none that fit, the picture has no
 * figure (the layout draws the headline large instead). Used for every writer's selection.
 */
export const labelledFigure = (stat: string | null, postText: string): string | null => {
  const figure = stat?.trim() ?? '';
  if (!figure) return null;
  if (COUNTING_WORD.test(figure)) return figure.length <= STAT_MAX ? figure : null;
  const digits = digitsOf(figure);
  if (!digits) return null;
  for (const match of postText.matchAll(/\d[\d,.]*\S*/g)) {
    if (digitsOf(match[0]) !== digits) continue;
    // The rest of the phrase after the figure: up to four words, before any punctuation that ends it.
    const rest = postText.slice((match.index ?? 0) + match[0].length).split(/[.;:!?()\n]|,\s/)[0] ?? '';
    const words = rest.trim().split(/\s+/).filter(Boolean).slice(0, 4);
    for (let take = words.length; take > 0; take--) {
      const kept = words.slice(0, take);
      while (kept.length > 0 && TRAILING.has((kept.at(-1) ?? '').toLowerCase())) kept.pop();
      const labelled = [figure, ...kept].join(' ');
      if (kept.some((word) => COUNTING_WORD.test(word)) && labelled.length <= STAT_MAX) return labelled;
    }
  }
  return null;
};
