import { clipField } from './shorten-text';
import type { MessageBrief } from './types';

/** What is known of a lead, cleaned so that a sentence can use it without leaving junk behind. */
export type LeadFacts = {
  firstName: string | null;
  /** A job title ("Head of Growth"), when the headline reads like one. */
  role: string | null;
  /** What the headline says they do ("helping startups hire"), when it reads like an activity. */
  focus: string | null;
  company: string | null;
  industry: string | null;
  city: string | null;
  /** The opening words of the most recent post, for a reference in quotes. */
  postSnippet: string | null;
};

export type SenderFacts = {
  /** How the messages are signed: the sender's first name, or the company or team as given. */
  signature: string;
  company: string | null;
};

/** Values that mean "nothing" in exported data and must never reach a message. */
const EMPTY_MARKERS = new Set(['', '-', '--', 'n/a', 'na', 'none', 'null', 'undefined', 'nil', '.', '?']);
const HONORIFICS = /^(dr|mr|mrs|ms|mx|miss|prof|sir|dame|eng|ing)\.?$/i;
/** Limits inside a sentence, so one long field cannot crowd out the rest of a 300-character note. */
const FIELD_MAX = { name: 30, role: 60, focus: 70, company: 50, industry: 50, city: 40, post: 70 } as const;

/** Trims, collapses spaces, drops emoji and decoration, and answers null for "nothing" markers. */
export const cleanValue = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const text = value
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s"'“”‘’`*_~|•·,;:.–—-]+|[\s"'“”‘’`*_~|•·,;:–—-]+$/gu, '')
    .trim();
  return EMPTY_MARKERS.has(text.toLowerCase()) ? null : text;
};

const capitalise = (word: string): string =>
  word === word.toUpperCase() && word.length > 1
    ? word.charAt(0) + word.slice(1).toLowerCase()
    : word.charAt(0).toUpperCase() + word.slice(1);

/** "Dr. JANE van Dyke, PhD" → "Jane"; null when no usable first name is there. */
export const firstNameOf = (name: string | null | undefined): string | null => {
  const clean = cleanValue(name?.split(/[,(|]/)[0]);
  if (!clean) return null;
  const words = clean.split(' ').filter((word) => !HONORIFICS.test(word));
  const first = words[0]?.replace(/[^\p{L}\p{M}'’-]/gu, '');
  if (!first || first.length > FIELD_MAX.name || !/\p{L}/u.test(first)) return null;
  return capitalise(first);
};

const SEGMENT_SEPARATORS = /\s*(?:\||•|·|▪|—|–|\s-\s|;)\s*/u;
const AT_COMPANY = /^(.*?)\s+(?:at|@|chez|bei)\s+(.+)$/i;

/** A title is short and does not read like a sentence ("I help…", "Building…"). */
const looksLikeTitle = (text: string): boolean =>
  text.split(' ').length <= 7 &&
  !/[.!?]/.test(text) &&
  !/^(i|we|my|our)\b/i.test(text) &&
  !/^\w+ing\b/i.test(text);
const looksLikeActivity = (text: string): boolean =>
  /^\w+ing\b/i.test(text) && text.split(' ').length <= 14 && !/[.!?]/.test(text.slice(0, -1));

const lowerFirst = (text: string): string =>
  // Keep acronyms and names ("SaaS", "AI") as written.
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

/** LinkedIn writes industries in title case; inside a sentence "software development" reads right. */
const industryInSentence = (industry: string | null): string | null =>
  industry?.replace(/\b[A-Z][a-z]+\b/g, (word) => word.toLowerCase()) ?? null;

const headlineParts = (headline: string | null) => {
  const first = cleanValue(headline?.split(SEGMENT_SEPARATORS)[0]);
  if (!first) return { role: null, focus: null, company: null };
  const atMatch = first.match(AT_COMPANY);
  // "Founder at" (the company left blank) must not leave a dangling "at" in a sentence.
  const title = cleanValue(
    (atMatch?.[1] ?? first).replace(/\s+(?:at|@|chez|bei|of|for|in|with|and|&)$/i, ''),
  );
  const company = cleanValue(atMatch?.[2]);
  if (title && looksLikeTitle(title)) return { role: title, focus: null, company };
  if (title && looksLikeActivity(title)) return { role: null, focus: lowerFirst(title), company };
  return { role: null, focus: null, company };
};

/** The opening words of a post: its first sentence or line, cut at a word. */
const snippetOf = (post: string | null): string | null => {
  const text = cleanValue(post?.split(/\n/).find((line) => cleanValue(line)));
  if (!text) return null;
  const sentence = cleanValue((text.match(/^(.+?[.!?])(\s|$)/)?.[1] ?? text).replace(/[.!?]+$/, ''));
  const clipped = clipField(sentence, FIELD_MAX.post);
  // A quote cut short says so, as a person quoting the first words of a long sentence would.
  return clipped && clipped !== sentence ? `${clipped}…` : clipped;
};

export const leadFactsOf = (lead: MessageBrief['lead']): LeadFacts => {
  const fromHeadline = headlineParts(lead.headline);
  return {
    firstName: firstNameOf(lead.name),
    role: clipField(fromHeadline.role, FIELD_MAX.role),
    focus: clipField(fromHeadline.focus, FIELD_MAX.focus),
    company: clipField(cleanValue(lead.company) ?? fromHeadline.company, FIELD_MAX.company),
    industry: clipField(industryInSentence(cleanValue(lead.industry)), FIELD_MAX.industry),
    city: clipField(cleanValue(lead.location?.split(',')[0]), FIELD_MAX.city),
    postSnippet: snippetOf(lead.recentPost),
  };
};

const TEAM = 'the team';

export const senderFactsOf = (brief: Pick<MessageBrief, 'senderName' | 'senderCompany'>): SenderFacts => {
  const company = clipField(cleanValue(brief.senderCompany), FIELD_MAX.company);
  const name = cleanValue(brief.senderName);
  // A company or "the team" signs as it is; a person signs with the first name.
  const isPerson = name !== null && name !== company && name.toLowerCase() !== TEAM;
  const signature = isPerson
    ? (firstNameOf(name) ?? clipField(name, FIELD_MAX.name))
    : name && name.toLowerCase() !== TEAM
      ? clipField(name, FIELD_MAX.company)
      : null;
  return { signature: signature ?? 'The team', company };
};
