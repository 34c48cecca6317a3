import type nlpType from 'compromise';
import { requireOnce } from '../../../core/load-once';

/**
 * Noun phrases by part-of-speech tagging (compromise), for key phrases, hashtags and keyword ideas: a
 * phrase that names a thing ("invoice approval", "accounts payable automation"), never a verb group cut
 * out of a sentence ("books faster", "ledgerloop reads") nor a heading's fragment ("why approvers").
 * compromise tags words in context, and a bare two-word phrase is often read as a clause ("aging
 * reports" → noun + verb), so a phrase is tagged inside two neutral frames that each leave room for only
 * a noun phrase; either reading passing is enough. Loaded at first use: 0.25 s of CPU.
 */
const nlp = requireOnce<typeof nlpType>('compromise');

type Term = { text: string; tags: string[] };

const termsOf = (text: string): Term[] =>
  (nlp()(text).json() as { terms: { text: string; tags: string[] }[] }[]).flatMap((sentence) =>
    sentence.terms.map((term) => ({ text: term.text, tags: term.tags })),
  );

/** Frames with a noun phrase's slot: the words before and after it (in compromise's terms). */
const FRAMES: readonly { before: string; after: string; afterTerms: number; beforeTerms: number }[] = [
  { before: 'We looked at the', after: '.', beforeTerms: 4, afterTerms: 0 },
  { before: 'The', after: 'are here.', beforeTerms: 1, afterTerms: 2 },
];

const has = (term: Term | undefined, tag: string): boolean => term?.tags.includes(tag) ?? false;

/** Tags that never sit at either end of a noun phrase. */
const EDGE_REFUSED = [
  'Preposition',
  'Conjunction',
  'Determiner',
  'Pronoun',
  'Possessive',
  'QuestionWord',
  'Adverb',
];
/** Tags that never sit anywhere in one. */
const REFUSED = [
  'Pronoun',
  'Possessive',
  'QuestionWord',
  'Adverb',
  'Modal',
  'Copula',
  'Negative',
  'Determiner',
];

const readsAsNounPhrase = (terms: readonly Term[]): boolean => {
  const first = terms[0];
  const last = terms.at(-1);
  if (!first || !last) return false;
  if (EDGE_REFUSED.some((tag) => has(first, tag) || has(last, tag))) return false;
  if (!has(last, 'Noun') || has(last, 'Adjective')) return false;
  return terms.every((term, index) => {
    if (REFUSED.some((tag) => has(term, tag))) return false;
    // A verb inside is a clause ("teams switch tools"), unless compromise also reads it as a noun or a
    // gerund used as one ("dog grooming").
    if (has(term, 'Verb') && !has(term, 'Noun') && !(has(term, 'Gerund') && index === terms.length - 1))
      return false;
    return true;
  });
};

/** "TeamsSwitch" → "Teams Switch": a hashtag's words, so it can be read like any phrase. */
export const wordsOfTag = (tag: string): string =>
  tag
    .replace(/^#/, '')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/_/g, ' ');

/** Lower case for tagging, acronyms kept ("CRM"): a capital in the middle reads as a name to the tagger. */
const forTagging = (phrase: string): string =>
  phrase
    .split(' ')
    .map((word) => (/^\p{Lu}[\p{Lu}\p{N}]+$/u.test(word) ? word : word.toLowerCase()))
    .join(' ');

const MAX_WORDS = 5;

/**
 * Whether a phrase is a noun phrase: one to five words, each with a letter, none a bare number, ending
 * on a noun, with no verb, pronoun, adverb or question word in it and no preposition, article or
 * conjunction at either end, in one of the two readings.
 */
export const isNounPhrase = (phrase: string): boolean => {
  const clean = phrase.replace(/\s+/g, ' ').trim();
  const words = clean.split(' ');
  if (!clean || words.length > MAX_WORDS) return false;
  if (words.some((word) => !/\p{L}/u.test(word))) return false;
  if (/[.!?,;:()"“”]/.test(clean)) return false;
  const text = forTagging(clean);
  if (words.length === 1) {
    // Alone, a word is what the lexicon says it is: "approve" is a verb, "faster" an adjective.
    const [alone] = termsOf(text);
    // A gerund stands for its doing as a noun does ("bookkeeping", "plumbing").
    if (!alone || has(alone, 'Pronoun') || has(alone, 'Adjective')) return false;
    if (!has(alone, 'Noun') && !has(alone, 'Gerund')) return false;
  }
  return FRAMES.some((frame) => {
    const terms = termsOf(`${frame.before} ${text} ${frame.after}`.replace(' .', '.'));
    return readsAsNounPhrase(terms.slice(frame.beforeTerms, terms.length - frame.afterTerms));
  });
};

/** Nouns too general to stand alone as a key phrase or a tag ("teams", "companies"). */
const GENERIC =
  /^(?:teams?|companies|company|people|business(?:es)?|customers?|clients?|users?|employees?|way|ways|things?|time|times|page|site|website|home|day|days|week|weeks|month|months|minutes?|hours?|afternoons?|evenings?|year|years|cookies?|privacy|policy|terms|login|account|team|work|everything|anything|something|lot|part|kind|type|number|one|ones)$/i;

/** Words that open many noun groups without saying anything ("the right approver", "every invoice"). */
const WEAK_OPENERS =
  /^(?:right|new|same|other|many|more|most|much|few|every|each|all|any|some|whole|own|real|great|good|best|better|first|last|next|several|various|certain|key|main|top|such|full)$/i;

/** A phrase's key for counting and dropping repeats: lower case, the last word's plural "s" dropped. */
export const phraseKey = (phrase: string): string => {
  const words = phrase.toLowerCase().replace(/\s+/g, ' ').trim().split(' ');
  const last = words.at(-1) ?? '';
  const singular = last.length > 3 && /[^s]s$/.test(last) ? last.slice(0, -1) : last.replace(/ies$/, 'y');
  return [...words.slice(0, -1), singular].join(' ');
};

/** Tags that end a run of words a noun phrase may be cut from. */
const RUN_BREAKS = [
  'Determiner',
  'Preposition',
  'Conjunction',
  'Pronoun',
  'Possessive',
  'QuestionWord',
  'Copula',
  'Modal',
  'Adverb',
  'Negative',
];
const MAX_RUN_GRAM = 4;
const POSSESSIVES = /^(?:your|our|their|my|his|her|its)$/i;

type Gram = { phrase: string; key: string };

/**
 * The word groups a text's noun phrases can be cut from: compromise splits the text into sentences and
 * tags each word in context; articles, prepositions, conjunctions, pronouns, adverbs, numbers and
 * punctuation end a group, and so does a verb (but a gerund or a participle: "expense tracking", "hidden
 * fees"). The tagger sometimes reads a plural noun as a verb ("aging reports show…"): that phrase is
 * lost, which is better than keeping "LedgerLoop routes"; the frames of `isNounPhrase` check the rest.
 */
const gramsIn = (text: string): Gram[] => {
  if (!/\p{L}/u.test(text)) return [];
  const sentences = nlp()(text.slice(0, 30_000)).json() as {
    terms: { text: string; tags: string[]; pre: string; post: string }[];
  }[];
  const grams: Gram[] = [];
  for (const sentence of sentences) {
    let run: string[] = [];
    const flush = () => {
      for (let size = 1; size <= Math.min(MAX_RUN_GRAM, run.length); size += 1) {
        for (let start = 0; start + size <= run.length; start += 1) {
          const phrase = run.slice(start, start + size).join(' ');
          grams.push({ phrase, key: phraseKey(phrase) });
        }
      }
      run = [];
    };
    for (const term of sentence.terms) {
      // Punctuation before a word ("— Bookkeeping for…") ends the group before it.
      if (/[—–(["“]/.test(term.pre)) flush();
      const word = term.text.replace(/[^\p{L}\p{N}'’&+-]+/gu, '');
      const breaks =
        !word ||
        !/\p{L}/u.test(word) ||
        /['’]s$/.test(word) ||
        RUN_BREAKS.some((tag) => term.tags.includes(tag)) ||
        // A verb in context ends a group too ("LedgerLoop | routes | every invoice"), but for a gerund
        // used as a noun ("expense tracking") and a participle used as an adjective ("hidden fees").
        (term.tags.includes('Verb') && !term.tags.includes('Gerund') && !term.tags.includes('Participle')) ||
        // A possessive the tagger reads as a name at a sentence's start ("Your month-end close").
        POSSESSIVES.test(word) ||
        (run.length === 0 && WEAK_OPENERS.test(word));
      if (breaks) {
        flush();
        continue;
      }
      run.push(word);
      // Punctuation after a word ends its group ("Slack, Teams").
      if (/[.,;:!?()"“”|/—–]/.test(term.post)) flush();
    }
    flush();
  }
  return grams;
};

/** Whether a phrase is a noun phrase, remembered: a site repeats its phrases, and tagging costs 1–2 ms. */
const nounPhraseMemo = new Map<string, boolean>();
const isNounPhraseKnown = (phrase: string): boolean => {
  const key = phrase.toLowerCase();
  const known = nounPhraseMemo.get(key);
  if (known !== undefined) return known;
  const answer = !(!phrase.includes(' ') && GENERIC.test(phrase)) && isNounPhrase(phrase);
  if (nounPhraseMemo.size > 20_000) nounPhraseMemo.clear();
  nounPhraseMemo.set(key, answer);
  return answer;
};

/** Noun phrases in one text, as written (case kept), the longer first, each once. */
export const nounPhrasesIn = (text: string): string[] => {
  const seen = new Set<string>();
  const found: string[] = [];
  const grams = gramsIn(text).sort((a, b) => b.phrase.split(' ').length - a.phrase.split(' ').length);
  for (const gram of grams) {
    if (seen.has(gram.key)) continue;
    seen.add(gram.key);
    if (isNounPhraseKnown(gram.phrase)) found.push(gram.phrase);
  }
  return found;
};

export type PhraseSource = { text: string; weight: number };
export type RankedPhrase = { phrase: string; score: number; sources: number };

/**
 * Candidates checked per ranking, the most frequent first: each check tags the phrase twice (about 1 ms
 * each), so a long site costs a bounded number of checks (about 0.1 s of CPU) whatever its length.
 */
const CANDIDATES_MAX = 60;

/**
 * The noun phrases a set of texts share, best first: each phrase scores the weights of the texts that
 * name it (a heading or description counts more than a paragraph, a page the site links to as much as
 * the home page), plus a bonus for each seed word it holds; repeats by case and plural are one phrase.
 * A phrase inside a longer one that scores as well is left out.
 */
export const rankNounPhrases = (
  sources: readonly PhraseSource[],
  options: { seeds?: readonly string[]; exclude?: readonly string[]; limit: number; minScore?: number },
): RankedPhrase[] => {
  const seedWords = new Set(
    (options.seeds ?? []).flatMap((seed) => seed.toLowerCase().match(/\p{L}[\p{L}\p{N}-]*/gu) ?? []),
  );
  const excluded = new Set((options.exclude ?? []).filter(Boolean).map(phraseKey));
  const tally = new Map<string, { forms: Map<string, number>; score: number; sources: number }>();
  for (const source of sources) {
    const seenHere = new Set<string>();
    for (const gram of gramsIn(source.text)) {
      // A name and its pieces are no subject ("Pine Bookkeeping"), nor the name with the word after it,
      // which is most often its verb ("LedgerLoop routes").
      if (
        [...excluded].some((name) => ` ${name} `.includes(` ${gram.key} `) || gram.key.startsWith(`${name} `))
      )
        continue;
      const entry = tally.get(gram.key) ?? { forms: new Map(), score: 0, sources: 0 };
      entry.forms.set(gram.phrase, (entry.forms.get(gram.phrase) ?? 0) + 1);
      entry.score += source.weight;
      if (!seenHere.has(gram.key)) entry.sources += 1;
      seenHere.add(gram.key);
      tally.set(gram.key, entry);
    }
  }
  const ranked = [...tally.entries()]
    .map(([key, entry]) => {
      const words = key.split(' ');
      const seedBonus = words.filter((word) => seedWords.has(word) || seedWords.has(`${word}s`)).length * 3;
      // Two- and three-word phrases say more than a lone noun.
      const lengthBonus = words.length >= 2 ? 1 : 0;
      // Lower case unless the texts always write it with capitals (a name, "Slack").
      const forms = [...entry.forms.entries()].sort((a, b) => b[1] - a[1]);
      const lower = forms.find(([form]) => form === form.toLowerCase())?.[0];
      const phrase = lower ?? forms[0]?.[0] ?? key;
      return { key, phrase, score: entry.score + seedBonus + lengthBonus, sources: entry.sources };
    })
    .filter((candidate) => candidate.score >= (options.minScore ?? 0))
    .sort((a, b) => b.score - a.score || b.key.split(' ').length - a.key.split(' ').length)
    .slice(0, CANDIDATES_MAX)
    .filter((candidate) => isNounPhraseKnown(candidate.phrase));
  const kept: typeof ranked = [];
  for (const candidate of ranked) {
    const inside = kept.some(
      (longer) => ` ${longer.key} `.includes(` ${candidate.key} `) && longer.score >= candidate.score - 1,
    );
    if (!inside) kept.push(candidate);
    if (kept.length >= options.limit) break;
  }
  return kept.map(({ phrase, score, sources: count }) => ({ phrase, score, sources: count }));
};

/** A phrase as a hashtag ("invoice approval" → "#InvoiceApproval"); null when it is no noun phrase. */
export const hashtagOf = (phrase: string): string | null => {
  const words = phrase.replace(/^#/, '').split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 3 || !isNounPhrase(words.join(' '))) return null;
  const tag = words
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .map((word) =>
      /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
  return tag.length >= 2 && tag.length <= 40 ? `#${tag}` : null;
};

/**
 * The phrases a site or a profile is about: noun phrases said at least twice (a heading or a description
 * weighs double, so once there is enough), two- and three-word ones first when there are enough of them.
 * A phrase said once in a paragraph is as often a tagging slip ("close starts") as a subject.
 */
export const keyNounPhrases = (
  sources: readonly PhraseSource[],
  options: { seeds?: readonly string[]; exclude?: readonly string[]; limit: number; enough?: number },
): RankedPhrase[] => {
  const ranked = rankNounPhrases(sources, { ...options, limit: options.limit * 3, minScore: 2 }).filter(
    (entry) => entry.score - (entry.phrase.includes(' ') ? 1 : 0) >= 2,
  );
  const multi = ranked.filter((entry) => entry.phrase.includes(' '));
  return (multi.length >= (options.enough ?? 5) ? multi : ranked).slice(0, options.limit);
};
