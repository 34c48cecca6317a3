import { isNounPhrase, wordsOfTag } from './noun-phrases';
import { sentencesOf } from './text-tools';

/**
 * Mechanical checks of written prose, for any writer: a sentence cut in the middle, an unclosed quote or
 * bracket, the same sentence twice, filler, the topic slotted into a fixed sentence, a sentence nobody
 * wrote, and phrases (key phrases, hashtags, keyword ideas) that are not noun phrases. Each check is a
 * small function on text, so the offline writer's tests and the guards on a model's answer use the same.
 */

/** What opens an outline's instruction: visibly not prose, so it may say anything. */
export const OUTLINE_MARK = 'Write here:';

export const isInstruction = (text: string): boolean => text.trim().startsWith(OUTLINE_MARK);

/** Words a sentence or a bullet never ends on: a preposition, an article, a conjunction, a possessive. */
const DANGLING = new Set(
  (
    'a an the and or but nor so yet of for to in on at by with from into onto about over under than as via ' +
    'your our their its my his her this that these those which who whose whom is are was were be been has ' +
    'have had will would can could should may might must not no every each any some'
  ).split(' '),
);

const lastWord = (text: string): string =>
  (
    text
      .replace(/[.!?…:;,"”’')\]\s]+$/u, '')
      .split(/\s+/)
      .at(-1) ?? ''
  ).toLowerCase();

/**
 * A sentence cut in the middle: it ends on a word that needs another after it ("… in Slack with."), or a
 * sentence of four words or more has no final stop. Headings and phrases are not sentences: pass
 * `needsStop: false` for them (they are still cut when they end on such a word).
 */
export const isCut = (text: string, options: { needsStop?: boolean } = {}): boolean => {
  const clean = text.trim();
  if (!clean) return false;
  if (DANGLING.has(lastWord(clean))) return true;
  if (/(?:…|\.\.\.)["”’)]?$/.test(clean)) return true;
  const needsStop = options.needsStop ?? true;
  return needsStop && clean.split(/\s+/).length >= 4 && !/[.!?:]["”’)\]]?$/.test(clean);
};

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/** A quote or a bracket opened and not closed (or closed without being opened). */
export const isUnbalanced = (text: string): boolean => {
  // Apostrophes inside words ("it's", "teams'") are not quotes.
  const straight = count(text.replace(/(?<=\p{L})['’](?=\p{L}|\s|$)/gu, ''), /"/g);
  return (
    straight % 2 === 1 ||
    count(text, /“/g) !== count(text, /”/g) ||
    count(text, /\(/g) !== count(text, /\)/g) ||
    count(text, /\[/g) !== count(text, /\]/g)
  );
};

/** Sentences written to fill space: they say nothing a reader could act on. */
export const FILLERS: readonly RegExp[] = [
  /\bdeserves? careful consideration\b/i,
  /\ba considered approach\b/i,
  /\bis a competitive advantage\b/i,
  /\bin today['’]s (?:fast-paced|competitive|digital|ever-changing)\b/i,
  /\bplays? a (?:crucial|vital|key|pivotal) role\b/i,
  /\bit is (?:worth|important to) not(?:e|ing)\b/i,
  /\bat the end of the day\b/i,
  /\bgame[- ]changer\b/i,
  /\bneedless to say\b/i,
  /\bthe question of .+ deserves\b/i,
  /\bwhen it comes to\b/i,
  /\bunlock (?:the )?(?:full )?potential\b/i,
  /\blook no further\b/i,
  /\bin (?:this|the) (?:article|post),? we (?:will )?(?:explore|look at|dive)\b/i,
  /\blet['’]s dive in\b/i,
  /\bthree ideas to make\b/i,
  /\bhow does your organi[sz]ation approach\b/i,
];

export const isFiller = (text: string): boolean => FILLERS.some((filler) => filler.test(text));

/** Text as compared for repeats and sources: lower case, one space, no quotes or end marks. */
export const comparable = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[“”"‘’'`]/g, '')
    .replace(/[^\p{L}\p{N}%$€£]+/gu, ' ')
    .trim();

/** The sentences said more than once in one piece (each listed once). */
export const repeatedSentences = (sentences: readonly string[]): string[] => {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const sentence of sentences) {
    const key = comparable(sentence);
    if (key.split(' ').length < 3) continue;
    if (seen.has(key)) repeated.add(sentence);
    seen.add(key);
  }
  return [...repeated];
};

/** Whether a sentence is found, word for word, in what a person wrote (the site, the inputs, the profile). */
export const isFromSources = (sentence: string, sources: string): boolean => {
  const key = comparable(sentence);
  return key.length > 0 && sources.includes(key);
};

/** The sources as `isFromSources` reads them: every text a person wrote, compared the same way. */
export const sourcesOf = (texts: readonly string[]): string => texts.map(comparable).join(' | ');

/**
 * The topic slotted into a fixed sentence: a sentence holding the topic's words that no person wrote and
 * that is not an outline's instruction ("A considered approach to {topic} is a competitive advantage.").
 */
export const slotsTopic = (sentence: string, topic: string, sources: string): boolean => {
  const key = comparable(topic);
  if (!key || key.split(' ').length < 2 || isInstruction(sentence)) return false;
  return comparable(sentence).includes(key) && !isFromSources(sentence, sources);
};

/** A keyword idea's core, without the searcher's words around it ("what is X", "X pricing"). */
export const keywordCore = (keyword: string): string =>
  keyword
    .replace(/^(?:what (?:is|are)|how to|best|top)\s+/i, '')
    .replace(
      /\s+(?:pricing|price|cost|costs|reviews?|services?|software|near me|examples|checklist|tips|ideas)$/i,
      '',
    )
    .trim();

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A key phrase, a hashtag ("#InvoiceApproval") or a keyword idea's core that is not a noun phrase. A
 * name (the company's) is a name whatever its words: a search for it and what it sells is checked
 * without it ("harbor plumbing & heating boiler repair" → "boiler repair").
 */
export const isFragmentPhrase = (phrase: string, names: readonly string[] = []): boolean => {
  let text = phrase;
  for (const name of names.filter((each) => each.trim().length > 1)) {
    text = text.replace(new RegExp(`^${escapeRegExp(name.trim())}(?:\\s+|$)`, 'i'), '');
  }
  if (!text.trim()) return false;
  const words = text.startsWith('#') ? wordsOfTag(text) : keywordCore(text);
  // "purchase order matching for ap teams": a subject and the people it is for, each a noun phrase.
  const parts = words.split(/\s+for\s+/i);
  return parts.length > 2 || parts.some((part) => !isNounPhrase(part)) || isCut(words, { needsStop: false });
};

export type ProblemKind = 'cut' | 'unclosed' | 'repeated' | 'filler' | 'slotted' | 'invented' | 'fragment';
export type Problem = { kind: ProblemKind; text: string };

/** One written piece as the checks read it. */
export type PieceToCheck = {
  /** Sentences and bullets (each line of prose); instructions (OUTLINE_MARK) are exempt from most checks. */
  lines: readonly string[];
  /** Headings and other labels: no final stop needed. */
  labels?: readonly string[];
  /** Key phrases, hashtags, keyword ideas. */
  phrases?: readonly string[];
  /** Names the phrases may start with (the company's): a name is no fragment. */
  names?: readonly string[];
  topic?: string;
  /** Everything a person wrote that the piece may quote; when given, any other sentence is invented. */
  sources?: string;
};

/** Every problem the checks find in a piece; an honest piece has none. */
export const problemsOf = (piece: PieceToCheck): Problem[] => {
  const problems: Problem[] = [];
  const sentences = piece.lines.flatMap((line) => (isInstruction(line) ? [line] : sentencesOf(line)));
  for (const sentence of sentences) {
    if (isUnbalanced(sentence)) problems.push({ kind: 'unclosed', text: sentence });
    if (isInstruction(sentence)) continue;
    if (isCut(sentence)) problems.push({ kind: 'cut', text: sentence });
    if (isFiller(sentence)) problems.push({ kind: 'filler', text: sentence });
    if (piece.topic && piece.sources !== undefined && slotsTopic(sentence, piece.topic, piece.sources))
      problems.push({ kind: 'slotted', text: sentence });
    else if (piece.sources !== undefined && !isFromSources(sentence, piece.sources))
      problems.push({ kind: 'invented', text: sentence });
  }
  for (const sentence of repeatedSentences(sentences)) problems.push({ kind: 'repeated', text: sentence });
  for (const label of piece.labels ?? []) {
    if (isCut(label, { needsStop: false })) problems.push({ kind: 'cut', text: label });
    if (isUnbalanced(label)) problems.push({ kind: 'unclosed', text: label });
  }
  for (const phrase of piece.phrases ?? []) {
    if (isFragmentPhrase(phrase, piece.names)) problems.push({ kind: 'fragment', text: phrase });
  }
  return problems;
};

/** Headings and prose lines of an HTML piece (h2–h4 as labels; p, li and blockquote as lines). */
export const piecesOfHtml = (html: string): { labels: string[]; lines: string[] } => {
  const text = (inner: string) =>
    inner
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  const labels = [...html.matchAll(/<h[2-4][^>]*>([\s\S]*?)<\/h[2-4]>/g)].map((match) =>
    text(match[1] ?? ''),
  );
  const lines = [...html.matchAll(/<(p|li|blockquote)[^>]*>([\s\S]*?)<\/\1>/g)]
    .map((match) => text(match[2] ?? ''))
    .filter(Boolean);
  return { labels, lines };
};
