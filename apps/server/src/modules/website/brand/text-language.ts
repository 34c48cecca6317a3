import { dan, deu, eng, fin, fra, ita, nld, nob, pol, por, spa, swe } from 'stopword';

/**
 * The languages the profile reads with their stopword lists (the `stopword` package). English gets
 * more function words than the package's short list, so they never start or end a key phrase.
 */
const ENGLISH_EXTRA = [
  'ago',
  'again',
  'against',
  'almost',
  'along',
  'already',
  'always',
  'am',
  'among',
  'anyone',
  'anything',
  'anyway',
  'around',
  'away',
  'below',
  "can't",
  'cannot',
  'do',
  'does',
  "doesn't",
  "don't",
  'down',
  'during',
  'either',
  'else',
  'enough',
  'etc',
  'even',
  'ever',
  'every',
  'everyone',
  'everything',
  'few',
  'further',
  'gets',
  'give',
  'go',
  'goes',
  "i'm",
  "isn't",
  "it's",
  'its',
  'itself',
  'just',
  'keep',
  'less',
  'let',
  "let's",
  'lets',
  'may',
  'mine',
  'mostly',
  'no',
  'nor',
  'not',
  'off',
  'often',
  'once',
  'one',
  'ones',
  'onto',
  'others',
  'ours',
  'ourselves',
  'per',
  'put',
  'quite',
  'rather',
  'really',
  'say',
  'see',
  'seem',
  'shall',
  'she',
  'so',
  'someone',
  'something',
  'soon',
  'thing',
  'things',
  'thus',
  'till',
  'together',
  'toward',
  'towards',
  'until',
  'upon',
  'us',
  'via',
  'want',
  "we'll",
  "we're",
  "we've",
  'whether',
  'whom',
  'whose',
  'why',
  'will',
  'within',
  'without',
  "won't",
  'yet',
  "you'll",
  "you're",
  "you've",
  'yours',
  'yourself',
  'able',
  'across',
  'use',
  'using',
  'used',
  'new',
  'get',
  'need',
  'needs',
];

export const LANGUAGE_STOPWORDS = {
  eng: new Set([...eng, ...ENGLISH_EXTRA]),
  deu: new Set(deu),
  fra: new Set(fra),
  spa: new Set(spa),
  ita: new Set(ita),
  nld: new Set(nld),
  por: new Set(por),
  swe: new Set(swe),
  dan: new Set(dan),
  nob: new Set(nob),
  fin: new Set(fin),
  pol: new Set(pol),
} as const;

export type Language = keyof typeof LANGUAGE_STOPWORDS;

/** `<html lang>` (ISO 639-1, any region) to the lists above. */
const FROM_HTML_LANG: Record<string, Language> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  nl: 'nld',
  pt: 'por',
  sv: 'swe',
  da: 'dan',
  nb: 'nob',
  no: 'nob',
  nn: 'nob',
  fi: 'fin',
  pl: 'pol',
};

export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu;

/** Lower case, the typographic apostrophe as the plain one, so "don’t" meets "don't". */
export const normaliseWord = (word: string): string => word.toLowerCase().replace(/’/g, "'");

/**
 * The text's language: the list whose stopwords make up most of its first 2,000 words. The page's
 * own `lang` wins a close call (templates often keep lang="en" on translated pages, so it only tips).
 * English when nothing is known.
 */
export const detectLanguage = (text: string, htmlLang: string | null): Language => {
  const declared = FROM_HTML_LANG[(htmlLang ?? '').toLowerCase().split(/[-_]/)[0] ?? ''];
  const words = (text.match(WORD) ?? []).slice(0, 2000).map(normaliseWord);
  if (words.length === 0) return declared ?? 'eng';
  let best: Language = declared ?? 'eng';
  let bestScore = -1;
  for (const language of Object.keys(LANGUAGE_STOPWORDS) as Language[]) {
    const list = LANGUAGE_STOPWORDS[language];
    let hits = 0;
    for (const word of words) if (list.has(word)) hits++;
    const score = language === declared ? hits * 1.2 : hits;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
};
