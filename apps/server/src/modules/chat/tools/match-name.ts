/**
 * Finds a name the model (or the user) gave among the caller's own names only: the candidates are always
 * rows already filtered by the caller's user id, so another user's name can never match or leak.
 */
export type Named = { id: number; name: string };

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'is',
  'are',
  'in',
  'of',
  'on',
  'for',
  'to',
  'how',
  'what',
  'doing',
  'list',
  'lists',
  'campaign',
  'campaigns',
  'leads',
  'lead',
  'many',
  'much',
  'me',
  'about',
  'tell',
  'show',
  'and',
  'it',
  'going',
  'does',
  'do',
  'called',
  'named',
  'with',
  'there',
  'that',
  'this',
  'i',
  'you',
  'your',
  'please',
]);

/** Lower-case words of a text (letters and digits), without the question's filler words. */
export const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOP_WORDS.has(word));

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Shared words over the name's words (0–1): how much of a name a text holds. */
const wordScore = (query: string[], name: string): number => {
  const nameWords = wordsOf(name);
  if (nameWords.length === 0) return 0;
  const wanted = new Set(query);
  return nameWords.filter((word) => wanted.has(word)).length / nameWords.length;
};

/** Levenshtein distance, for "closest names" when nothing matches. */
const distance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
};

export type NameMatch<T extends Named> =
  | { found: T }
  | {
      found: null;
      /** Several names fit equally well: `closest` holds them, to ask which one is meant. */
      ambiguous: boolean;
      closest: string[];
    };

/** Names compared for closeness are cut to this length, so a long name costs no more than a short one. */
const CLOSENESS_CHARS = 60;

/**
 * The caller's row a name means: the same name in any letter case; else the only name holding the text (or
 * held by it; the longest of those the text holds); several holding it: ambiguous; else the name sharing
 * most of its words with the text, when one is clearly best (several equally good: ambiguous). Nothing: the closest names (at most five) to offer instead.
 */
export const matchName = <T extends Named>(query: string, candidates: readonly T[]): NameMatch<T> => {
  const wanted = normalise(query);
  if (wanted) {
    const exact = candidates.find((row) => normalise(row.name) === wanted);
    if (exact) return { found: exact };
    const holding = candidates.filter((row) => {
      const name = normalise(row.name);
      return name.includes(wanted) || (name.length >= 3 && wanted.includes(name));
    });
    if (holding.length === 1 && holding[0]) return { found: holding[0] };
    // Several names inside a question: the longest is the most specific ("Q4 push EU" over "Q4 push").
    const inside = holding.filter((row) => wanted.includes(normalise(row.name)));
    if (inside.length > 0) {
      const longest = [...inside].sort((a, b) => b.name.length - a.name.length);
      if (longest[0] && longest[0].name.length > (longest[1]?.name.length ?? 0)) return { found: longest[0] };
    }
    // Several names hold the text ("push" in "Q4 push" and "Q4 push EU"): ask rather than guess.
    if (holding.length > 1) {
      return { found: null, ambiguous: true, closest: holding.slice(0, 5).map((row) => row.name) };
    }
    const words = wordsOf(query);
    const scored = candidates
      .map((row) => ({ row, score: wordScore(words, row.name) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score);
    const best = scored[0];
    if (best && best.score > (scored[1]?.score ?? 0)) return { found: best.row };
    const tied = best
      ? scored.filter((entry) => entry.score === best.score).map((entry) => entry.row)
      : holding;
    if (tied.length > 1)
      return { found: null, ambiguous: true, closest: tied.slice(0, 5).map((row) => row.name) };
  }
  const target = wanted.slice(0, CLOSENESS_CHARS);
  const closest = [...candidates]
    .map((row) => ({ name: row.name, d: distance(target, normalise(row.name).slice(0, CLOSENESS_CHARS)) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 5)
    .map((entry) => entry.name);
  return { found: null, ambiguous: false, closest };
};

/** What a tool answers for a name it could not settle on: the caller's own names only, nothing else. */
export const notFoundResult = (asked: string, match: { ambiguous: boolean; closest: string[] }) => ({
  found: false as const,
  asked: asked.length <= 200 ? asked : `${asked.slice(0, 199)}…`,
  ambiguous: match.ambiguous,
  closest_names: match.closest.map((name) => (name.length <= 200 ? name : `${name.slice(0, 199)}…`)),
});

/** The user's line for it: "No campaign named “X”", or "Several campaigns match “Q4”". */
export const notFoundSummary = (what: string, asked: string, ambiguous: boolean): string => {
  const shown = asked.length <= 60 ? asked : `${asked.slice(0, 59)}…`;
  return ambiguous ? `Several ${what}s match “${shown}”` : `No ${what} named “${shown}”`;
};
