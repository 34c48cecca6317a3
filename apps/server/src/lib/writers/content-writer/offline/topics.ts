import type { BlogTopic, ContentContext } from '../types';
import { instruction, keywordsOf, materialOf } from './material';
import { isNounPhrase, keyNounPhrases, nounPhrasesIn, phraseKey } from './noun-phrases';
import { capitalise, contentWords } from './text-tools';

/**
 * Blog topic ideas without a model: subjects, not headlines. A headline made by slotting a subject into
 * a pattern ("Three ideas to make {x} easier") reads as written and often is not English; the subjects
 * are the user's own: the questions their site and inputs ask, then the seed keywords and the noun
 * phrases their site, profile and inputs name most. Each idea's angle is a sentence of theirs that speaks
 * of it, or an instruction saying what to find out before writing.
 */

const TITLE_MAX = 90;

/** Questions a person wrote (an FAQ, an input): each is a topic readers already have. */
const questionsOf = (texts: readonly string[]): string[] =>
  texts
    .flatMap((text) => text.split(/(?<=[.!?])\s+|\n+/))
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) =>
        /^[\p{Lu}]/u.test(sentence) &&
        /\?$/.test(sentence) &&
        sentence.split(/\s+/).length >= 4 &&
        sentence.split(/\s+/).length <= 14 &&
        sentence.length <= TITLE_MAX,
    );

export const suggestTopics = (
  context: ContentContext,
  request: { seedKeywords: string[]; count: number },
): BlogTopic[] => {
  const seeds = keywordsOf(request.seedKeywords);
  const brand = context.brand;
  const count = Math.max(0, Math.floor(request.count));
  const material = materialOf(context, `${seeds.join(' ')} ${brand.keyPhrases.join(' ')}`);
  const texts = [
    ...context.inputs.map((input) => input.text.slice(0, 20_000)),
    ...(brand.siteSentences ?? []),
    brand.websiteSummary,
    brand.offer,
  ];
  const seedWords = new Set(seeds.flatMap(contentWords));
  const questions = questionsOf(texts).sort(
    (a, b) =>
      contentWords(b).filter((word) => seedWords.has(word)).length -
      contentWords(a).filter((word) => seedWords.has(word)).length,
  );
  const phrases = keyNounPhrases(
    [...texts.map((text) => ({ text, weight: 1 })), ...brand.keyPhrases.map((text) => ({ text, weight: 2 }))],
    { seeds, exclude: [brand.company], limit: count * 2 + 4, enough: count },
  ).map((entry) => entry.phrase);
  // The seeds as the user typed them lead: they are the user's own subjects.
  const subjects = [...seeds, ...questions.slice(0, 3), ...phrases];

  const topics: BlogTopic[] = [];
  const seen = new Set<string>();
  for (const subject of subjects) {
    if (topics.length >= count) break;
    const key = phraseKey(subject);
    if (seen.has(key) || subject.length > TITLE_MAX) continue;
    seen.add(key);
    const words = new Set(contentWords(subject));
    const angle =
      material.sentences.find((sentence) => {
        // A question is no angle on itself, nor on another question.
        if (sentence.endsWith('?')) return false;
        const own = contentWords(sentence);
        return own.filter((word) => words.has(word)).length >= Math.min(2, words.size);
      }) ?? instruction('what your readers ask about this, and what you have seen work.');
    topics.push({
      title: capitalise(subject),
      angle,
      // A question's keywords are the noun phrases it names; a subject is its own keyword.
      keywords: [
        ...new Set([
          ...(isNounPhrase(subject) ? [subject] : nounPhrasesIn(subject)).map((phrase) =>
            phrase.toLowerCase(),
          ),
          ...seeds.filter((seed) => phraseKey(seed) !== key),
        ]),
      ].slice(0, 5),
    });
  }
  return topics;
};
