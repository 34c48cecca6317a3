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

export type NameMatch<T extends Named> = { found: T } | { found: null; closest: string[] };

/**
 * The caller's row a name means: the same name in any letter case; else the only name holding the text (or
 * held by it); else the name sharing most of its words with the text, when one is clearly best. Nothing:
 * the closest names (at most five) to offer instead.
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
    const words = wordsOf(query);
    const scored = candidates
      .map((row) => ({ row, score: wordScore(words, row.name) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score);
    if (scored[0] && scored[0].score > (scored[1]?.score ?? 0)) return { found: scored[0].row };
  }
  const closest = [...candidates]
    .map((row) => ({ name: row.name, d: distance(wanted, normalise(row.name)) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 5)
    .map((entry) => entry.name);
  return { found: null, closest };
};
