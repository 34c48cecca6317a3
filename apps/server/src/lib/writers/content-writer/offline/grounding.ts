import { cleanValue } from '../../message-writer/lead-facts';
import type { ContentContext } from '../types';
import {
  asSentence,
  contentWords,
  cutAtWord,
  distinct,
  gerundOf,
  lowerFirst,
  sentencesOf,
  squash,
  withDeterminer,
  wordCount,
} from './text-tools';

/** What a draft is about and what it can quote: the topic's subject and the user's own sentences. */

/** Frames a topic is often written in, and where its subject sits inside them. */
const FRAMES: readonly RegExp[] = [
  /^(?:the\s+|a\s+|an\s+|your\s+)?(?:ultimate\s+|complete\s+|beginner['’]s\s+|practical\s+|quick\s+|simple\s+|short\s+)*(?:guide|checklist|introduction|primer|handbook|playbook)\s+(?:to|for|on|of)\s+(.+)$/i,
  /^why\s+(.+?)\s+(?:matters|is important|counts)\b/i,
  /^why\s+it\s+pays\s+to\s+(?:take|get)\s+(.+?)\s+(?:seriously|right)\b/i,
  /^what(?:['’]s|\s+is)\s+next\s+for\s+(.+)$/i,
  /^(?:the\s+)?(?:most\s+)?common\s+(?:mistakes|myths|pitfalls|questions)\s+(?:with|in|about|of|around)\s+(.+?)(?:\s+and\s+how\b.*)?$/i,
  /^(?:the\s+)?(?:most\s+)?common\s+(.+?)\s+(?:mistakes|myths|pitfalls)\b/i,
  /^(?:myths|mistakes|questions|lessons|truths)\s+(?:about|with|on)\s+(.+?)(?:\s+(?:that|which|and)\b.*)?$/i,
  /^(?:\d{1,2}|a few|some|simple|practical|easy)\s+(?:tips|ways|ideas|steps|lessons|things|habits|rules)\s+(?:for|to|on|about|that)\s+(.+)$/i,
  // "Five signs your CRM is failing you", "3 reasons why follow-ups win meetings": the rest is the topic.
  /^(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a few|some)\s+(?:signs|reasons|ways|questions|lessons|examples|rules|truths|habits)\s+(?:that\s+|why\s+|of\s+)?(.+)$/i,
  /^(?:what|everything)\s+(?:is|are|you need to know about)\s+(.+)$/i,
  /^getting\s+started\s+with\s+(.+)$/i,
  /^(.+?)\s+(?:mistakes|myths|pitfalls|trends|best practices|checklist|explained|basics|101)\b/i,
];

const clean = (text: string): string =>
  squash(text.replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, ' '))
    .replace(/[.!?:;,]+$/, '')
    .replace(/^["“'‘]|["”'’]$/g, '');

const withoutArticle = (text: string): string => text.replace(/^(?:a|an|the|your|our)\s+/i, '');

/** Words for the people a topic talks about ("How small teams close…"): the subject is what they do. */
const PEOPLE =
  /^(?:we|you|i|they|teams|companies|founders|startups|businesses|people|buyers|customers|clients|reps|salespeople|sellers|marketers|managers|leaders|agencies|brands|owners|freelancers|consultants)$/i;

/** Verbs after which the topic's subject is their object ("Why founders need a CRM" → "CRM"). */
const OBJECT_VERBS =
  /^(?:need|needs|use|uses|love|loves|hate|hates|choose|chooses|buy|buys|avoid|avoids|ignore|ignores|underestimate|underestimates|overlook|overlooks|want|wants|trust|trusts|forget|forgets)$/i;

/** Words that are only ever verbs in a topic ("follow-ups | win meetings"). */
const VERBS = new Set(
  (
    'win lose fail matter help hurt beat build close drive kill make break boost save need get keep bring ' +
    'convert outperform outsell grow earn deserve stall die take land miss stop slip scale waste shape ' +
    'create deliver improve increase reduce cut double generate fuel power move stick succeed backfire ' +
    'count sink lift speed slow block unlock protect spark become remain stay annoy confuse scare ' +
    'attract ignore hate love want use choose buy avoid underestimate overlook forget skip struggle reply ' +
    'respond hire go come beat outlast outrank rank sell say tell show teach prove mean lead'
  ).split(' '),
);
/** Verbs that are nouns just as often ("the sales plan", "cold calls"): taken only when nothing else is. */
const NOUN_VERBS = new Set('work plan call email book start run pay cost change turn matter'.split(' '));
/** Words that open a verb group: auxiliaries and the adverbs topics put before a verb. */
const AUXILIARY =
  /^(?:is|are|was|were|isn['’]t|aren['’]t|can|can['’]t|cannot|could|will|won['’]t|should|shouldn['’]t|must|do|does|don['’]t|doesn['’]t|did|didn['’]t|still|never|always|often|rarely|really|actually|usually|quietly|secretly)$/i;
/** Verbs a topic written as an instruction starts with ("Write better follow-ups", "Fix your pipeline"). */
const IMPERATIVE =
  /^(?:write|stop|fix|build|ask|send|try|make|keep|grow|automate|qualify|measure|quit|double|boost|get|find|choose|hire|avoid|ditch|master|learn|scale|simplify|improve|create|rethink|forget|stop)$/i;
/** Words that are nouns as often ("Launch week recap", "Price increases"): an instruction only before "your", "better"… */
const IMPERATIVE_IF_DETERMINED =
  /^(?:launch|price|test|plan|run|track|win|close|use|drop|cut|start|turn|follow|sell|book|call|email)$/i;
const DETERMINED = /^(?:your|the|a|an|our|more|less|fewer|better|every|each|one|two|three|\p{L}+ing)$/iu;

/** Copulas say what the subject is, not what it does: the subject then stands alone. */
const COPULA = /^(?:is|are|was|were|isn['’]t|aren['’]t)$/i;
/** A noun group ends before these: a verb after them belongs to a qualifier ("pages that convert"). */
const GROUP_END =
  /^(?:for|in|with|without|to|on|at|of|when|while|so|that|which|who|by|from|across|and|or|as|into|through|using|via|like|vs|versus)$/i;

/** "works", "plans", "calls": a word that may be the verb of a topic as much as a noun in it. */
export const isNounVerb = (word: string): boolean => {
  const lower = word.toLowerCase();
  return NOUN_VERBS.has(lower) || (/[^s]s$/.test(lower) && NOUN_VERBS.has(lower.slice(0, -1)));
};

const verbBase = (word: string): string | null => {
  const lower = word.toLowerCase();
  if (VERBS.has(lower) || NOUN_VERBS.has(lower)) return lower;
  if (/ies$/.test(lower) && VERBS.has(`${lower.slice(0, -3)}y`)) return `${lower.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z|o)es$/.test(lower) && VERBS.has(lower.slice(0, -2))) return lower.slice(0, -2);
  if (/[^s]s$/.test(lower) && (VERBS.has(lower.slice(0, -1)) || NOUN_VERBS.has(lower.slice(0, -1))))
    return lower.slice(0, -1);
  return null;
};

/**
 * A topic written as a clause ("follow-ups win meetings", "the sales plan still works"), split into its
 * subject and what it says about it; null when no verb is found. Among the candidates, an auxiliary or a
 * word that is only a verb wins, then a verb ending in -s, then one that is often a noun ("work").
 */
const clauseOf = (text: string): { head: string[]; verb: string[]; rank: number } | null => {
  const words = text.split(' ');
  let best: { index: number; rank: number } | null = null;
  for (let index = 1; index < Math.min(words.length, 7); index += 1) {
    const word = words[index] ?? '';
    if (GROUP_END.test(word)) break;
    const base = verbBase(word);
    const rank = AUXILIARY.test(word)
      ? 3
      : base && base === word.toLowerCase() && !NOUN_VERBS.has(base)
        ? 3
        : base && base !== word.toLowerCase()
          ? 2
          : base
            ? 1
            : 0;
    if (rank > (best?.rank ?? 0)) best = { index, rank };
    if (rank === 3) break;
  }
  if (!best) return null;
  return { head: words.slice(0, best.index), verb: words.slice(best.index), rank: best.rank };
};

/** The subject of a clause: "follow-ups that win meetings", or what people do ("closing bigger deals"). */
const subjectOfClause = (text: string, statement: boolean): string | null => {
  if (QUESTION_WORD.test(text)) return null;
  const clause = clauseOf(text);
  if (!clause || clause.head.length > 4) return null;
  const [verb = '', ...rest] = clause.verb;
  // "Content marketing plans for startups" is a noun group, not a claim about content marketing.
  if (statement && (clause.rank < 3 || rest.length === 0 || GROUP_END.test(rest[0] ?? ''))) return null;
  const head = clause.head.join(' ');
  if (PEOPLE.test(clause.head.at(-1) ?? '')) {
    if (rest.length === 0 || AUXILIARY.test(verb)) return null;
    if (OBJECT_VERBS.test(verb)) return withoutArticle(rest.join(' '));
    return `${gerundOf((verbBase(verb) ?? verb).toLowerCase())} ${rest.join(' ')}`;
  }
  if (COPULA.test(verb) || clause.verb.length > 5) return head;
  return `${head} that ${clause.verb.join(' ')}`;
};

/** Topics asked as questions, and the subject inside each ("Is cold calling dead?" → "cold calling"). */
const QUESTIONS: readonly [RegExp, (match: RegExpMatchArray) => string | null][] = [
  [
    /^(?:is|are)\s+(.+?)\s+(?:dead|dying|worth it|worth the \w+|overrated|underrated|the future|necessary|enough|still \w+|a waste of \w+|right for \w+)$/i,
    (match) => withoutArticle(match[1] ?? ''),
  ],
  [
    /^(?:should|can|do|does|must|when should)\s+(?:you|we|i|teams|companies|small businesses|startups|founders)\s+(\S+)\s+(.+)$/i,
    (match) => `${gerundOf((match[1] ?? '').toLowerCase())} ${match[2] ?? ''}`,
  ],
  [
    /^what\s+makes\s+(?:a|an|the)?\s*(?:good|great|strong|successful|the best)\s+(.+)$/i,
    (match) => match[1] ?? '',
  ],
  [
    /^what\s+makes\s+(.+?)(?:\s+(?:work|stick|succeed|sell|convert|land|click|great|good|different|effective|special|memorable))?$/i,
    (match) => match[1] ?? '',
  ],
  // "Do follow-up emails still work?": the subject of the question.
  [
    /^(?:do|does|can|will|is|are|should|could|did)\s+(.+)$/i,
    (match) => {
      const clause = clauseOf(`${match[1] ?? ''}`);
      return clause && clause.head.length <= 4 ? clause.head.join(' ') : null;
    },
  ],
];

/** A first part that only frames the topic ("Inside Acme: …", "Case study: …"): the subject follows it. */
const FRAME_ONLY =
  /^(?:inside|behind the scenes(?: at)?|case study|a case study|lessons from|from the field|our story|story|opinion|explained|guide|update)\b/i;

/**
 * A topic in Title Case ("Why Follow-Ups Win Meetings") in sentence case, so its words read inside a
 * sentence; acronyms and names written with inner capitals ("CRM", "HubSpot") are kept.
 */
/** Acronyms a topic in capitals may hold: they stay in capitals when the rest is put in sentence case. */
const ACRONYM =
  /^(?:CRM|SDR|BDR|B2B|B2C|D2C|SAAS|SEO|SEM|ROI|AI|API|KPIS?|OKRS?|SMBS?|CEO|CFO|CTO|CMO|COO|UX|UI|PR|HR|US|UK|EU|USA|Q[1-4]|MRR|ARR|ICP|ABM|GTM|RFP|PDF|FAQ)$/;

const sentenceCase = (text: string): string => {
  const words = text.split(' ');
  // A topic written in capitals ("WHY FOLLOW-UPS WIN MEETINGS"): every word but the acronyms.
  if (/\p{L}{3}/u.test(text) && text === text.toUpperCase() && words.length >= 2) {
    return words
      .map((word, index) => {
        if (ACRONYM.test(word.replace(/[^\p{L}\p{N}]/gu, ''))) return word;
        const lower = word.toLowerCase();
        return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
      })
      .join(' ');
  }
  const long = words.slice(1).filter((word) => /^\p{L}{3,}/u.test(word));
  if (long.length < 2 || !long.every((word) => /^\p{Lu}/u.test(word))) return text;
  return words
    .map((word, index) =>
      index === 0 || word === word.toUpperCase() || /\p{Ll}\p{Lu}/u.test(word) ? word : word.toLowerCase(),
    )
    .join(' ');
};

const QUESTION_WORD = /^(?:how|why|what|when|where|who|which|inside|is|are|should|can|do|does|will|did)\b/i;

/**
 * The subject of a topic, as words that read well inside a sentence: "How to choose a CRM" → "choosing a
 * CRM", "A checklist for X" → "X", "Why follow-ups win meetings" → "follow-ups that win meetings", "How
 * small teams close bigger deals" → "closing bigger deals", "Is cold calling dead?" → "cold calling",
 * a short noun group as it is; else the keyword the topic names, else the topic itself. Never a keyword
 * the topic does not name: the topic the user typed is what the draft is about.
 */
export const subjectOf = (topic: string, keywords: readonly string[]): string => {
  const title = sentenceCase(clean(topic));
  const parts = title
    .split(/\s*[:|–—]\s+|\s+-\s+|\?\s*/)
    .map(clean)
    .filter(Boolean);
  const main = (FRAME_ONLY.test(parts[0] ?? '') && parts[1] ? parts[1] : parts[0]) ?? title;
  const done = (subject: string): string => cutAtWord(lowerFirst(clean(subject)), 70);
  // "How to choose…", "How we onboard…": the verb as a gerund ("choosing…", "onboarding…").
  const howTo = main.match(/^how\s+(?:to|we|i|you|they|teams|companies)\s+(\S+)\s*(.*)$/i);
  if (howTo?.[1]) return cutAtWord(squash(`${gerundOf(howTo[1].toLowerCase())} ${howTo[2] ?? ''}`), 70);
  for (const frame of FRAMES) {
    const inner = main.match(frame)?.[1];
    // The frame's inner words are a topic of their own ("… why follow-ups win meetings"): read them again.
    if (inner && inner.length < main.length && wordCount(inner) <= 10) {
      const subject = subjectOf(QUESTION_WORD.test(inner) ? inner : `${inner}`, keywords);
      if (subject) return subject;
    }
  }
  // "What do buyers want from a demo?" → "what buyers want from a demo"; "Why do deals stall?" → the claim.
  const asked = main.match(/^(what|when|where|why|how)\s+(?:do|does|can|should|could|would|will)\s+(.+)$/i);
  const word = asked?.[1]?.toLowerCase();
  const rest = asked?.[2] ?? '';
  if (word === 'why') return subjectOf(`why ${rest}`, keywords);
  if (word === 'how' && /^(?:you|we|i|they|teams|companies)\s+\S/i.test(rest)) {
    return subjectOf(`how to ${rest.replace(/^\S+\s+/, '')}`, keywords);
  }
  if (word && word !== 'how') return done(`${word} ${rest}`);
  for (const [question, shape] of QUESTIONS) {
    const match = main.match(question);
    const subject = match ? shape(match) : null;
    // "Is it worth it?": a pronoun is no subject; the question itself is kept below.
    if (subject && !/^(?:it|this|that|they|them|you|we|i)$/i.test(subject.trim())) return done(subject);
  }
  // An instruction ("Write better follow-ups", "Stop chasing leads, start qualifying them"): the doing.
  const [first = '', ...after] = (main.split(/,\s*/)[0] ?? main).split(' ');
  if (
    after.length > 0 &&
    (IMPERATIVE.test(first) || (IMPERATIVE_IF_DETERMINED.test(first) && DETERMINED.test(after[0] ?? '')))
  ) {
    // "Stop chasing leads" is about the chasing.
    if (/^(?:stop|start|keep|quit)$/i.test(first) && /ing$/i.test(after[0] ?? ''))
      return done(after.join(' '));
    return done(`${gerundOf(first.toLowerCase())} ${after.join(' ')}`);
  }
  // "Why follow-ups win meetings", "How follow-ups win meetings", "Follow-ups win meetings".
  const claim = main.match(/^(?:why|how)\s+(.+)$/i);
  const fromClause = subjectOfClause(claim?.[1] ?? main, !claim);
  if (fromClause) return done(fromClause);
  const about = main.match(/\babout\s+(.+)$/i)?.[1];
  if (about && wordCount(about) <= 8 && !QUESTION_WORD.test(about)) return done(about);
  if (wordCount(main) <= 7 && !QUESTION_WORD.test(main)) return withDeterminer(done(main));
  const named = keywords.find((keyword) => keyword && title.toLowerCase().includes(keyword.toLowerCase()));
  if (named) return withDeterminer(lowerFirst(named));
  return done(main);
};

/** Words after which a subject's qualifier starts ("choosing a CRM | for a small sales team"). */
const QUALIFIER =
  /^(?:for|in|with|without|to|on|at|when|while|so|that|by|from|across|and|or|as|into|through|using|via|like)$/i;

/** The subject in fewer words, for the mentions after the first: its head before any qualifier. */
export const shortSubjectOf = (subject: string, keywords: readonly string[] = []): string => {
  const words = subject.split(' ');
  // "follow-ups that win meetings" → "follow-ups": a relative clause is the first thing to go.
  const relative = words.findIndex((word, index) => index >= 1 && /^(?:that|which|who)$/i.test(word));
  if (relative > 0 && relative <= 4) return words.slice(0, relative).join(' ');
  if (words.length <= 4) return subject;
  const cut = words.findIndex((word, index) => index >= 2 && QUALIFIER.test(word));
  if (cut > 0 && cut <= 4) return words.slice(0, cut).join(' ');
  // No short head ("getting more out of deal tracking"): the keyword it names, else the whole subject.
  const named = keywords.find(
    (keyword) => wordCount(keyword) <= 4 && subject.toLowerCase().includes(keyword.toLowerCase()),
  );
  return named ? lowerFirst(named) : cut > 0 ? words.slice(0, cut).join(' ') : subject;
};

/** A word that is a verb and nothing else here ("win", "builds", "still"): it splits noun groups. */
const isVerbWord = (word: string): boolean => {
  if (AUXILIARY.test(word) || /^(?:why|how|what|when|where|who|which|that|it|this|these|those)$/i.test(word))
    return true;
  const base = verbBase(word);
  return base !== null && !NOUN_VERBS.has(base);
};

/**
 * The noun groups of a subject or a topic ("email newsletters for local bakeries" → both groups,
 * "follow-ups that win meetings" → "follow-ups", "meetings"), for hashtags: articles, qualifiers and
 * verbs split them.
 */
export const subjectChunks = (subject: string): string[] => {
  const chunks: string[][] = [[]];
  let afterVerb = false;
  for (const word of clean(subject).split(' ')) {
    // The word right after a verb is its object ("loses | leads"), even when it could be a verb too.
    const verb: boolean = !afterVerb && isVerbWord(word);
    if (
      QUALIFIER.test(word) ||
      /^(?:of|a|an|the|your|our|my|their|its|more|most|less|every|each|some|any|no|not|you|we|i|it|they|me|us|them|one|two|three|four|five|six|seven|eight|nine|ten|\d+)$/i.test(
        word,
      ) ||
      verb
    )
      chunks.push([]);
    else chunks.at(-1)?.push(word);
    // Only a real verb takes an object: "that" and "why" split groups but do not.
    afterVerb = verb && (AUXILIARY.test(word) || verbBase(word) !== null);
  }
  return chunks.filter((chunk) => chunk.length > 0 && chunk.length <= 3).map((chunk) => chunk.join(' '));
};

/** Keywords as given, cleaned, without repeats, at most ten. */
export const keywordsOf = (keywords: readonly string[]): string[] =>
  distinct(
    keywords
      .map((keyword) => cleanValue(keyword.replace(/^#/, '')))
      .filter((keyword): keyword is string => keyword !== null && keyword.length <= 60),
  ).slice(0, 10);

/** Sentences a draft can use as they are: statements of a readable length, not questions or headings. */
const usable = (sentence: string): boolean => {
  const words = wordCount(sentence);
  return (
    words >= 6 &&
    words <= 60 &&
    !/\?["”’)]?$/.test(sentence) &&
    !/https?:\/\/|www\.|@\w+\.\w/.test(sentence) &&
    // "Click here", "Subscribe" and the like are a page's furniture, not material.
    !/^(?:click|subscribe|sign up|log in|cookie|copyright|all rights)\b/i.test(sentence)
  );
};

/**
 * The user's own sentences that a draft can draw on, the most relevant to the subject first (by the
 * meaningful words they share with the topic and keywords), then in the order they were written.
 * Every chosen input is material the user asked to use, so an input that shares no word with the
 * topic still gives its first sentences.
 */
export const relevantSentences = (
  inputs: ContentContext['inputs'],
  about: string,
  limit: number,
): string[] => {
  const wanted = new Set(contentWords(about));
  const scored = distinct(inputs.flatMap((input) => sentencesOf(input.text)).filter(usable)).map(
    (sentence, order) => ({
      sentence: asSentence(sentence),
      order,
      score: new Set(contentWords(sentence).filter((word) => wanted.has(word))).size,
    }),
  );
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.sentence);
};

/** A pool of sentences handed out once each, so no sentence appears twice in a draft. */
export type FactPool = { take: () => string | null; left: () => number };

export const factPoolOf = (sentences: readonly string[]): FactPool => {
  const queue = [...sentences];
  return { take: () => queue.shift() ?? null, left: () => queue.length };
};
