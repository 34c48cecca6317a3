import type { BRAND_TONES } from '@sales-assist/contract';
import type { Language } from './text-language';
import { normaliseWord, WORD } from './text-language';

type Tone = (typeof BRAND_TONES)[number];

const wordSet = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

const URGENT = wordSet(
  'now today hurry limited instantly immediately deadline ends last chance act asap urgent tonight expires',
);
const FORMAL = wordSet(
  'solutions enterprise ensure ensures comprehensive compliance leverage organisation organization organisations organizations stakeholders furthermore therefore professional services regarding accordance respective subsequently utilise utilize facilitate implementation governance robust',
);
const EXPERT = wordSet(
  'research proven expert experts expertise study studies evidence certified analysis award award-winning peer-reviewed benchmark accredited patented scientific clinically methodology',
);
const CASUAL = wordSet(
  'awesome cool fun love loves hey super yay oops totally stuff folks kinda gonna wanna lol amazing',
);
const BOLD = wordSet(
  'best #1 revolutionary ultimate unbeatable unstoppable leading powerful game-changing breakthrough fastest boldest dominate disrupt world-class unrivalled unrivaled unmatched',
);
/** Informal and formal "you" where a language has both. */
const INFORMAL_YOU: Partial<Record<Language, Set<string>>> = {
  deu: wordSet('du dein deine deinen deinem dir dich euch euer'),
  fra: wordSet('tu ton ta tes toi'),
  spa: wordSet('tú tu tus te contigo'),
  nld: wordSet('je jij jouw'),
};
const FORMAL_YOU: Partial<Record<Language, Set<string>>> = {
  deu: wordSet('sie ihr ihre ihren ihrem ihnen'),
  spa: wordSet('usted ustedes su sus'),
  nld: wordSet('u uw'),
};
const ENGLISH_YOU = wordSet("you your yours you're you'll you've");
const CONTRACTION = /\b\w+'(?:re|ll|ve|t|d|m)\b/;
const EMOJI = /\p{Extended_Pictographic}/gu;

/**
 * The site's tone of voice, from its style, as one of the tones the campaigns offer (plus "Bold,
 * Confident"): each tone scores what marks it (per 100 words: "you" and contractions for Friendly;
 * questions for Conversational; "now", "today" and exclamations for Urgent; emoji and casual words for
 * Casual; long sentences and formal words for Professional; numbers, data and proof for Authoritative;
 * superlatives for Bold) and the highest wins. Professional, Formal is the answer when nothing stands
 * out; under 40 words there is no answer.
 */
export const deriveTone = (text: string, language: Language): Tone | '' => {
  const sample = text.slice(0, 30_000);
  const words = (sample.match(WORD) ?? []).map(normaliseWord);
  // Too little text to tell a style: no tone rather than a guess (the writer then uses its own default).
  if (words.length < 40) return '';
  const sentences = Math.max(1, sample.split(/[.!?]+(?:\s|$)/).filter((part) => part.trim()).length);
  const per100 = (count: number) => (count * 100) / words.length;
  const count = (set: Set<string> | undefined) => (set ? words.filter((word) => set.has(word)).length : 0);

  const exclamations = (sample.match(/!/g) ?? []).length / sentences;
  const questions = (sample.match(/\?/g) ?? []).length / sentences;
  const contractions = per100(words.filter((word) => CONTRACTION.test(word)).length);
  const emoji = per100((sample.match(EMOJI) ?? []).length);
  const numbers = per100((sample.match(/\d+(?:[.,]\d+)?\s?%|\b\d{2,}\b/g) ?? []).length);
  const averageSentence = words.length / sentences;
  const english = language === 'eng';
  const you = english ? per100(count(ENGLISH_YOU)) : per100(count(INFORMAL_YOU[language]));
  const formalYou = english ? 0 : per100(count(FORMAL_YOU[language]));

  const scores: Record<Tone, number> = {
    'Friendly, Approachable': you * 0.6 + contractions * 0.8,
    'Conversational, Engaging': questions * 5 + you * 0.3,
    'Urgent, Action-Oriented': per100(count(URGENT)) * 1.5 + exclamations * 3,
    'Casual, Light-Hearted': per100(count(CASUAL)) * 2 + emoji * 3 + exclamations * 2 + contractions * 0.4,
    'Professional, Formal':
      1.2 + per100(count(FORMAL)) * 1.5 + Math.max(0, averageSentence - 18) * 0.15 + formalYou * 0.5,
    'Authoritative, Expert': per100(count(EXPERT)) * 1.5 + numbers * 0.2,
    'Bold, Confident': per100(count(BOLD)) * 2 + exclamations * 2,
  };
  let best: Tone = 'Professional, Formal';
  for (const [tone, score] of Object.entries(scores) as [Tone, number][]) {
    if (score > scores[best]) best = tone;
  }
  return best;
};
