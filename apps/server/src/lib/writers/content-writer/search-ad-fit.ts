import { GOOGLE_AD_LIMITS, googleAdTextKey } from '@sales-assist/contract';
import type { SearchAd, SearchAdField } from './search-ad-types';

/**
 * Google's rules applied to any text either writer produced, so no field ever leaves the writer over
 * its limit: white space made single, Google's editorial basics (no "!" in a headline, at most one in
 * a description, no shouted words, no repeated punctuation), then cut after a whole word. Duplicates
 * (as Google counts them: case and end punctuation aside) are dropped.
 */

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Words a cut must not end on: the phrase would dangle ("Scheduling for"). */
const DANGLING =
  /\s+(?:and|or|but|of|for|to|the|a|an|in|on|with|at|by|from|your|our|their|its|that|is|are|&|\+)$/i;

/**
 * At most `max` characters, cut after a whole word and never on a connector or a hanging mark. A single
 * word longer than `max` is cut inside it (nothing else fits).
 */
export const cutAtWord = (text: string, max: number): string => {
  const clean = squash(text);
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max + 1);
  const lastSpace = room.lastIndexOf(' ');
  let kept = lastSpace > 0 ? room.slice(0, lastSpace) : clean.slice(0, max);
  for (;;) {
    const next = kept.replace(/[\s,;:–—\-/(&+]+$/u, '').replace(DANGLING, '');
    if (next === kept) break;
    kept = next;
  }
  return kept || clean.slice(0, max).trim();
};

/**
 * A description cut to fit: at the last whole sentence when that keeps most of it, otherwise after a
 * whole word with a full stop (when there is room for one).
 */
const cutDescription = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const room = text.slice(0, max);
  const sentenceEnd = Math.max(room.lastIndexOf('. '), room.lastIndexOf('? '), room.lastIndexOf('! '));
  if (sentenceEnd >= max * 0.5) return room.slice(0, sentenceEnd + 1);
  const cut = cutAtWord(text, max - 1);
  return /[.?!…]$/.test(cut) ? cut : `${cut}.`;
};

/** Shouted words Google's editorial policy refuses ("FREE"); acronyms the brand itself writes stay. */
const calmWord = (word: string, acronyms: ReadonlySet<string>): string => {
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (letters.length < 4 || letters !== letters.toUpperCase() || letters === letters.toLowerCase())
    return word;
  if (acronyms.has(letters)) return word;
  return word.charAt(0) + word.slice(1).toLowerCase();
};

/**
 * The all-capital words of 4+ letters the brand's own texts use (its name, keywords, site): those are
 * acronyms ("HIPAA"), not shouting, and may stay in an ad.
 */
export const acronymsIn = (...texts: readonly string[]): Set<string> => {
  const found = new Set<string>();
  for (const text of texts) {
    for (const word of text.match(/\p{Lu}[\p{Lu}\p{N}]{3,}/gu) ?? []) {
      if (/\p{L}/u.test(word) && !/\p{Ll}/u.test(word)) found.add(word.replace(/[^\p{L}]/gu, ''));
    }
  }
  return found;
};

/** Google's editorial basics on one text (before its length is fitted). */
const editorial = (
  text: string,
  field: 'headline' | 'description',
  acronyms: ReadonlySet<string>,
): string => {
  let clean = squash(text.normalize('NFC'))
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .replace(/([!?.,;:])\1+/g, '$1')
    .replace(/\s+([!?.,;:])/g, '$1');
  if (field === 'headline') {
    // A headline reads as a label: "!" goes, a sentence break inside one becomes a full stop.
    clean = clean.replace(/!+(?=\s+\S)/g, '.').replace(/!+/g, '');
  } else {
    let kept = false;
    clean = clean.replace(/!+/g, () => {
      if (kept) return '.';
      kept = true;
      return '!';
    });
  }
  clean = clean
    .split(' ')
    .map((word) => calmWord(word, acronyms))
    .join(' ');
  return squash(clean.replace(/\.\s*\./g, '.'));
};

export const fitHeadline = (text: string, acronyms: ReadonlySet<string> = new Set()): string =>
  cutAtWord(editorial(text, 'headline', acronyms), GOOGLE_AD_LIMITS.headline.chars).replace(/[.,;:]+$/, '');

export const fitDescription = (text: string, acronyms: ReadonlySet<string> = new Set()): string =>
  cutDescription(editorial(text, 'description', acronyms), GOOGLE_AD_LIMITS.description.chars);

/**
 * A display path as Google takes it: letters, digits and hyphens only (spaces and slashes become
 * hyphens), at most 15 characters, cut at a hyphen when one is near.
 */
export const fitPath = (text: string): string => {
  const max = GOOGLE_AD_LIMITS.path.chars;
  const clean = text
    .normalize('NFC')
    .trim()
    .replace(/[\s_/\\.]+/g, '-')
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max + 1);
  const hyphen = room.lastIndexOf('-');
  return (hyphen >= 3 ? room.slice(0, hyphen) : clean.slice(0, max)).replace(/-+$/, '');
};

export const fitField = (field: SearchAdField, text: string, acronyms: ReadonlySet<string>): string =>
  field === 'headline'
    ? fitHeadline(text, acronyms)
    : field === 'description'
      ? fitDescription(text, acronyms)
      : fitPath(text);

/** Texts fitted, empty ones and repeats dropped, at most `max`, in their order. */
export const fitDistinct = (
  texts: readonly string[],
  fit: (text: string) => string,
  max: number,
  taken: readonly string[] = [],
): string[] => {
  const seen = new Set(taken.map(googleAdTextKey));
  const kept: string[] = [];
  for (const text of texts) {
    const fitted = fit(text);
    const key = googleAdTextKey(fitted);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(fitted);
    if (kept.length === max) break;
  }
  return kept;
};

/** A whole ad fitted: at most 15 headlines and 4 descriptions, paths valid and not the same twice. */
export const fitSearchAd = (
  raw: { headlines: readonly string[]; descriptions: readonly string[]; paths: readonly string[] },
  acronyms: ReadonlySet<string>,
): SearchAd => {
  const [path1 = '', path2 = ''] = raw.paths.map(fitPath).filter(Boolean);
  return {
    headlines: fitDistinct(
      raw.headlines,
      (text) => fitHeadline(text, acronyms),
      GOOGLE_AD_LIMITS.headline.max,
    ),
    descriptions: fitDistinct(
      raw.descriptions,
      (text) => fitDescription(text, acronyms),
      GOOGLE_AD_LIMITS.description.max,
    ),
    paths: [path1, path2.toLowerCase() === path1.toLowerCase() ? '' : path2],
  };
};

/** The texts of the ad's other fields of the same kind: what a regenerated field must not repeat. */
export const otherTexts = (ad: SearchAd, field: SearchAdField, index: number): string[] => {
  const list = field === 'headline' ? ad.headlines : field === 'description' ? ad.descriptions : ad.paths;
  return list.filter((_, position) => position !== index).filter(Boolean);
};

/** The field's text as it stands (the one to replace). */
export const currentText = (ad: SearchAd, field: SearchAdField, index: number): string =>
  (field === 'headline' ? ad.headlines : field === 'description' ? ad.descriptions : ad.paths)[index] ?? '';
