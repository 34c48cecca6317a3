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

const asPhrase = (value: string | null, maxWords: number, maxChars: number): string | null => {
  if (!value || !isPhrase(value, maxWords)) return null;
  return clipField(lowerFirst(value.replace(/[.!]+$/, '')), maxChars);
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
  const offerPhrase = asPhrase(offer, 12, FIELD_MAX.phrase);
  return {
    company: clipField(cleanValue(brand.company), FIELD_MAX.company),
    websiteUrl: httpsUrl(brand.websiteUrl),
    offerPhrase,
    offerSentence: offer && !offerPhrase ? asSentence(squash(offer)) : null,
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
