import { cleanValue } from '../../message-writer/lead-facts';
import { DEFAULT_TONE, type Tone, toneOf } from '../../message-writer/offline-voices';
import { clipField } from '../../message-writer/shorten-text';
import type { BrandProfile } from '../types';
import { asSentence, distinct, lowerFirst, sentencesOf, squash, wordCount } from './text-tools';

/**
 * The brand profile cleaned so that a sentence can use it: every field may be empty (a user who skipped
 * the website), and a field written as a whole sentence is kept as a sentence rather than squeezed into
 * "we offer …".
 */
export type BrandFacts = {
  company: string | null;
  /** The site, only when it is an https address (the only links the writer puts in its HTML). */
  websiteUrl: string | null;
  /** What the company offers, as words that fit after "offers" ("bookkeeping for freelancers"). */
  offerPhrase: string | null;
  /**
   * The offer as what "we" do, when it is written as a sentence with the company or "we" as its subject:
   * "Acme Rockets builds reusable rockets for small satellites." → "build reusable rockets for small
   * satellites" (for "At Acme Rockets, we …").
   */
  offerWe: string | null;
  /** The offer as the user wrote it when it is a sentence of its own ("We help freelancers …"). */
  offerSentence: string | null;
  /** Who the brand writes for, as words that fit after "for" ("small B2B sales teams"). */
  audience: string | null;
  keyPhrases: string[];
  /** The website summary's sentences, for the paragraphs about the company. */
  summary: string[];
  tone: Tone;
};

const FIELD_MAX = { company: 50, phrase: 70, audience: 60, keyPhrase: 50 } as const;

/** Words a brand profile's tone is written with, mapped to the six tones the app's writers know. */
const TONE_WORDS: readonly [RegExp, Tone][] = [
  [/formal|professional|corporate|polished|courteous|respectful/i, 'Professional, Formal'],
  [/authoritative|expert|confident|knowledgeable|technical|thought.?leader/i, 'Authoritative, Expert'],
  [/urgent|action|direct|bold|punchy|energetic|motivat/i, 'Urgent, Action-Oriented'],
  [/casual|light|playful|fun|humou?r|witty|cheeky|quirky/i, 'Casual, Light-Hearted'],
  [/conversational|engaging|chatty|curious|storytell/i, 'Conversational, Engaging'],
  [/friendly|approachable|warm|kind|helpful|welcoming|empath/i, 'Friendly, Approachable'],
];

/**
 * The tone of voice the profile asks for. Settings lets a user write their own words ("warm and
 * plain-spoken"), so besides the six campaign tones the first tone whose words appear is taken.
 */
export const toneOfProfile = (tone: string): Tone => {
  const exact = toneOf(tone.trim());
  if (exact !== DEFAULT_TONE || tone.trim() === DEFAULT_TONE) return exact;
  return TONE_WORDS.find(([words]) => words.test(tone))?.[1] ?? DEFAULT_TONE;
};

/** A phrase, not a sentence: short, no full stop inside, not opening with "we" or "I". */
const isPhrase = (text: string, maxWords: number): boolean =>
  wordCount(text) <= maxWords && !/[.!?]\s/.test(text) && !/^(?:we|i|our|my|you)\b/i.test(text);

const asPhrase = (
  value: string | null,
  maxWords: number,
  maxChars: number,
  company: string | null = null,
): string | null => {
  if (!value || !isPhrase(value, maxWords)) return null;
  const phrase = value.replace(/[.!]+$/, '');
  // A phrase that starts with the company's name keeps its capitals ("Acme Rockets launch services").
  const named = company !== null && phrase.toLowerCase().startsWith(company.toLowerCase());
  return clipField(named ? phrase : lowerFirst(phrase), maxChars);
};

/** "builds" → "build", "is" → "are", "supplies" → "supply": the verb after "we". */
const weVerb = (verb: string): string => {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { is: 'are', has: 'have', does: 'do', was: 'were', goes: 'go' };
  if (irregular[lower]) return irregular[lower];
  if (/[^aeiou]ies$/.test(lower)) return `${lower.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z)es$/.test(lower)) return lower.slice(0, -2);
  return lower.slice(0, -1);
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The offer's first sentence as what "we" do, when the company ("Acme Rockets builds …", "Acme helps …")
 * or "we" is its subject; null for any other form. Only a verb in the third person after the company is
 * taken, so "Acme Rockets rockets" or a noun group is never turned into a claim.
 */
const offerAsWe = (offer: string, company: string | null): string | null => {
  const first = squash(sentencesOf(offer)[0] ?? '').replace(/[.!]+$/, '');
  const we = first.match(/^we\s+(?:also\s+)?(\p{Ll}.*)$/iu);
  if (we?.[1] && !/^(?:are|were)\s*$/i.test(we[1])) return we[1];
  if (!company) return null;
  const subject = first.match(
    new RegExp(`^(?:the\\s+)?${escapeRegExp(company)}\\s+(\\p{Ll}+)\\s+(.+)$`, 'iu'),
  );
  const verb = subject?.[1];
  if (!verb || !subject?.[2] || !/^(?:is|has|does|\p{Ll}+[^s]s)$/u.test(verb)) return null;
  return `${weVerb(verb)} ${subject[2]}`;
};

const httpsUrl = (value: string | null): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
};

export const brandFactsOf = (brand: BrandProfile): BrandFacts => {
  const offer = cleanValue(brand.offer);
  const audience = cleanValue(brand.audience?.replace(/^(?:for|aimed at|targeting)\s+/i, ''));
  const company = clipField(cleanValue(brand.company), FIELD_MAX.company);
  // "Acme Rockets: reusable rockets for small satellites": the name in front adds nothing to the phrase.
  const offerText =
    offer && company ? offer.replace(new RegExp(`^${escapeRegExp(company)}\\s*[:–—-]\\s+`, 'i'), '') : offer;
  const offerWe = offerText ? offerAsWe(offerText, company) : null;
  // A sentence about the company is never squeezed into a phrase ("we work on Acme Rockets builds …").
  const offerPhrase = offerWe ? null : asPhrase(offerText, 12, FIELD_MAX.phrase, company);
  return {
    company,
    websiteUrl: httpsUrl(brand.websiteUrl),
    offerPhrase,
    offerWe: offerWe && wordCount(offerWe) <= 16 ? offerWe : null,
    offerSentence: offerText && !offerPhrase ? asSentence(squash(offerText)) : null,
    audience: asPhrase(audience, 9, FIELD_MAX.audience),
    keyPhrases: distinct(
      (brand.keyPhrases ?? [])
        .map((phrase) => cleanValue(phrase))
        .filter((phrase): phrase is string => phrase !== null && wordCount(phrase) <= 6)
        .map((phrase) => clipField(phrase, FIELD_MAX.keyPhrase) ?? ''),
    ).slice(0, 10),
    summary: sentencesOf(brand.websiteSummary ?? '')
      .filter((sentence) => sentence.length >= 20 && sentence.length <= 300)
      .map(asSentence),
    tone: toneOfProfile(brand.tone ?? ''),
  };
};
