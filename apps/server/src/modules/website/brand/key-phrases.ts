import { LANGUAGE_STOPWORDS, type Language, normaliseWord, WORD } from './text-language';

/** Words of web-page furniture: a phrase holding one is about the site, not the company. */
const FURNITURE = new Set([
  'cookie',
  'cookies',
  'privacy',
  'policy',
  'terms',
  'conditions',
  'rights',
  'reserved',
  'copyright',
  'login',
  'logout',
  'log',
  'signup',
  'sign',
  'subscribe',
  'newsletter',
  'click',
  'read',
  'learn',
  'menu',
  'skip',
  'javascript',
  'browser',
  'accept',
  'website',
  'email',
  'e-mail',
  'http',
  'https',
  'www',
  'com',
  'faq',
  'frequently',
  'impressum',
  'datenschutz',
  'mentions',
  'légales',
  'aviso',
  'legal',
]);

/** English verbs of marketing copy: "builds autonomous robots" is about robots, not building. */
const ENGLISH_VERBS = new Set([
  'build',
  'builds',
  'make',
  'makes',
  'help',
  'helps',
  'work',
  'works',
  'provide',
  'provides',
  'offer',
  'offers',
  'deliver',
  'delivers',
  'let',
  'lets',
  'give',
  'gives',
  'create',
  'creates',
  'start',
  'starts',
  'try',
  'book',
  'find',
  'know',
  'run',
  'runs',
  'see',
  'join',
  'meet',
  'bring',
  'brings',
  'turn',
  'turns',
  'keep',
  'keeps',
  'stay',
  'stays',
  'go',
  'come',
  'says',
  'said',
  'built',
  'made',
  'trusted',
  'designed',
]);

/** Where a phrase may not run on: punctuation, dashes between spaces, bullets. */
const FRAGMENT_BREAK = /[\n.,;:!?()[\]{}"“”„«»|/\\•·…+=*#@&<>]|\s[-–—]\s|[–—]/;

export type WeightedText = { text: string; weight: number };

export const KEY_PHRASE_LIMITS = { phrases: 10, phraseChars: 80 } as const;

/** The words of one text, cut into runs between stopwords, furniture and numbers (RAKE's candidates). */
const runsOf = (text: string, stopwords: ReadonlySet<string>): { words: string[]; forms: string[] }[] => {
  const runs: { words: string[]; forms: string[] }[] = [];
  for (const fragment of text.split(FRAGMENT_BREAK)) {
    let words: string[] = [];
    let forms: string[] = [];
    const end = () => {
      if (words.length > 0) runs.push({ words, forms });
      words = [];
      forms = [];
    };
    for (const form of fragment.match(WORD) ?? []) {
      const word = normaliseWord(form).replace(/^['-]+|['-]+$/g, '');
      const breaks =
        word.length < 2 || /^[\p{N}'-]+$/u.test(word) || stopwords.has(word) || FURNITURE.has(word);
      if (breaks) {
        end();
        continue;
      }
      words.push(word);
      forms.push(form.replace(/^['’-]+|['’-]+$/g, ''));
    }
    end();
  }
  return runs;
};

/**
 * The most characteristic 2–3-word phrases: RAKE (Rose et al., "Automatic keyword extraction from
 * individual documents", 2010). Text is cut into runs at stopwords and punctuation; each word scores
 * degree ÷ frequency over those runs; a phrase scores the sum of its words, times how often it occurs
 * (headings and the description count double), so a phrase the site repeats beats a one-off. Runs
 * longer than three words give their 2- and 3-word pieces. A phrase inside a better one is left out.
 */
export const extractKeyPhrases = (
  texts: WeightedText[],
  language: Language,
  /** Phrases that say nothing about the offer (the company's own name). */
  leaveOut: string[] = [],
): string[] => {
  // The company's own name says nothing about what it sells: its words end a phrase, like stopwords.
  const nameWords = leaveOut.flatMap((text) => (text.match(WORD) ?? []).map(normaliseWord));
  const stopwords = new Set([
    ...LANGUAGE_STOPWORDS[language],
    ...(language === 'eng' ? ENGLISH_VERBS : []),
    ...nameWords,
  ]);
  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  const phrases = new Map<string, { count: number; words: string[]; forms: Map<string, number> }>();
  let totalWords = 0;

  for (const { text, weight } of texts) {
    for (const run of runsOf(text, stopwords)) {
      totalWords += run.words.length * weight;
      for (const word of run.words) {
        frequency.set(word, (frequency.get(word) ?? 0) + weight);
        degree.set(word, (degree.get(word) ?? 0) + run.words.length * weight);
      }
      // A very long run is a list or a menu, not a phrase.
      if (run.words.length < 2 || run.words.length > 8) continue;
      for (let size = 2; size <= 3; size++) {
        for (let start = 0; start + size <= run.words.length; start++) {
          const words = run.words.slice(start, start + size);
          const key = words.join(' ');
          const form = run.forms.slice(start, start + size).join(' ');
          const entry = phrases.get(key) ?? { count: 0, words, forms: new Map<string, number>() };
          entry.count += weight;
          entry.forms.set(form, (entry.forms.get(form) ?? 0) + weight);
          phrases.set(key, entry);
        }
      }
    }
  }

  // On a page with some text, a phrase must come back (or stand in a heading) to be characteristic.
  const minimumCount = totalWords >= 300 ? 2 : 1;
  const wordScore = (word: string) => (degree.get(word) ?? 0) / (frequency.get(word) ?? 1);
  const ranked = [...phrases.entries()]
    .filter(([, entry]) => entry.count >= minimumCount && (language !== 'eng' || nounLike(entry.words)))
    .map(([key, entry]) => ({
      key,
      entry,
      score: entry.count * entry.words.reduce((sum, word) => sum + wordScore(word), 0),
    }))
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));

  // Two phrases that share a pair of words ("roastery supplying specialty", "small-batch roastery
  // supplying") or differ by a plural say the same thing: the better one is kept.
  const pairsOf = (words: string[]) =>
    words.slice(1).map((word, index) => `${stem(words[index] ?? '')} ${stem(word)}`);
  const chosen: { form: string; pairs: string[] }[] = [];
  for (const { entry } of ranked) {
    const pairs = pairsOf(entry.words);
    if (chosen.some((picked) => picked.pairs.some((pair) => pairs.includes(pair)))) continue;
    chosen.push({ form: displayForm(entry.forms), pairs });
    if (chosen.length === KEY_PHRASE_LIMITS.phrases) break;
  }
  return chosen.map(({ form }) => form.slice(0, KEY_PHRASE_LIMITS.phraseChars));
};

/**
 * English noun phrases do not end in a past tense ("assist grounded", "Northwind Logistics
 * doubled") nor open a three-word phrase with one ("doubled booked meetings").
 */
const nounLike = (words: string[]): boolean => {
  const pastTense = (word: string | undefined) =>
    !!word && word.length > 4 && word.endsWith('ed') && !word.endsWith('eed');
  return !pastTense(words.at(-1)) && !(words.length === 3 && pastTense(words[0]));
};

/** A light stem for comparing phrases: "profiles" meets "profile". */
const stem = (word: string) => (word.length > 3 ? word.replace(/s$/, '') : word);

/** How the site writes the phrase most often; lower case wins a tie (Title Case usually comes from headings). */
const displayForm = (forms: Map<string, number>): string => {
  let best = '';
  let bestCount = -1;
  for (const [form, count] of forms) {
    const score = count + (form === form.toLowerCase() ? 0.5 : 0);
    if (score > bestCount) {
      best = form;
      bestCount = score;
    }
  }
  return best;
};
