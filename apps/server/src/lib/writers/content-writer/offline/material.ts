import { cleanValue } from '../../message-writer/lead-facts';
import type { ContentContext } from '../types';
import { isCut, isFiller, isInstruction, isUnbalanced, OUTLINE_MARK } from './prose-checks';
import { contentWords, distinct, sentencesOf, squash, wordCount } from './text-tools';

/**
 * What the offline writer may print: sentences a person wrote (the source the user chose, their inputs,
 * their site and brand profile), whole and as written, and outline instructions that say what to write
 * where, visibly marked (OUTLINE_MARK). Without a model the writer composes nothing else: a template
 * sentence with the topic slotted in reads as written by someone and says nothing.
 */

/** A sentence a draft can quote as it stands: whole, closed, not a page's furniture, not filler. */
export const isWholeSentence = (sentence: string): boolean => {
  const words = wordCount(sentence);
  return (
    words >= 5 &&
    words <= 45 &&
    // An outline's own instruction (an offline draft used as a source) is no one's sentence.
    !isInstruction(sentence) &&
    /^["“(‘]?[\p{Lu}\p{N}]/u.test(sentence) &&
    /[.!?]["”’)]?$/.test(sentence) &&
    !isCut(sentence) &&
    !isUnbalanced(sentence) &&
    !isFiller(sentence) &&
    !/https?:\/\/|www\.|@\w+\.\w|©/.test(sentence) &&
    !/^(?:click|subscribe|sign up|log in|accept|we use cookies|copyright|all rights)\b/i.test(sentence)
  );
};

/** The whole sentences of a text, in order, each once. */
export const wholeSentencesOf = (text: string): string[] => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const sentence of sentencesOf(text)) {
    const clean = squash(sentence);
    const key = clean.toLowerCase();
    if (!isWholeSentence(clean) || seen.has(key)) continue;
    seen.add(key);
    kept.push(clean);
  }
  return kept;
};

export type Material = {
  /** Sentences to quote, most relevant to the subject first, each at most once in a piece. */
  sentences: string[];
  /** Every text a person wrote that the piece may quote (for the checks, and for the next writer). */
  sources: string[];
};

/**
 * The material a piece about `about` draws on: a chosen source first (a blog post or an input the user
 * picked), then the inputs, the offer, the site's own sentences and its summary. Sentences are ranked by
 * the meaningful words they share with the subject; ties keep the order they were written in, a chosen
 * source ahead of the rest.
 */
export const materialOf = (context: ContentContext, about: string, sourceText?: string): Material => {
  const brand = context.brand;
  const groups: { texts: string[]; boost: number }[] = [
    { texts: sourceText ? [sourceText] : [], boost: 2 },
    { texts: context.inputs.map((input) => input.text.slice(0, 20_000)), boost: 1 },
    { texts: [brand.offer], boost: 0.5 },
    { texts: [...(brand.siteSentences ?? []), brand.websiteSummary], boost: 0 },
  ];
  const wanted = new Set(contentWords(about));
  const seen = new Set<string>();
  const scored: { sentence: string; score: number; order: number }[] = [];
  for (const group of groups) {
    for (const text of group.texts) {
      for (const sentence of wholeSentencesOf(text)) {
        const key = sentence.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const shared = new Set(contentWords(sentence).filter((word) => wanted.has(word))).size;
        scored.push({ sentence, score: shared + (shared > 0 ? group.boost : 0), order: scored.length });
      }
    }
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return {
    sentences: scored.map((entry) => entry.sentence),
    sources: [
      ...groups.flatMap((group) => group.texts),
      brand.company,
      brand.audience,
      ...brand.keyPhrases,
      about,
    ].filter(Boolean),
  };
};

/** A pool of sentences handed out once each: no sentence appears twice in a piece. */
export type SentencePool = {
  take: (fits?: (sentence: string) => boolean) => string | null;
  /** The sentence that scores highest (above 0), the earlier on a tie. */
  takeBest: (score: (sentence: string) => number) => string | null;
  left: () => number;
};

export const sentencePool = (sentences: readonly string[]): SentencePool => {
  const queue = [...sentences];
  return {
    take: (fits = () => true) => {
      const index = queue.findIndex(fits);
      if (index < 0) return null;
      const [sentence] = queue.splice(index, 1);
      return sentence ?? null;
    },
    takeBest: (score) => {
      let best = -1;
      let bestScore = 0;
      queue.forEach((sentence, index) => {
        const value = score(sentence);
        if (value > bestScore) {
          best = index;
          bestScore = value;
        }
      });
      return best < 0 ? null : (queue.splice(best, 1)[0] ?? null);
    },
    left: () => queue.length,
  };
};

/** An outline's instruction: what to write at this place, marked so nobody takes it for prose. */
export const instruction = (what: string): string => `${OUTLINE_MARK} ${what}`;

/** Keywords as given, cleaned, without repeats, at most ten. */
export const keywordsOf = (keywords: readonly string[]): string[] =>
  distinct(
    keywords
      .map((keyword) => cleanValue(keyword.replace(/^#/, '')))
      .filter((keyword): keyword is string => keyword !== null && keyword.length <= 60),
  ).slice(0, 10);
