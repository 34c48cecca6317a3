import { z } from 'zod';
import { intentOf } from '../keyword-intent';
import { keywordKey, namesOffer, relevanceOf, vocabularyOf } from '../keyword-relevance';
import type { KeywordIdeaDraft, KeywordIdeasRequest } from '../keyword-types';
import { ZText } from './answer-fields';
import { contentMessages, inlineValue } from './content-messages';
import type { StepKit } from './step-kit';

const MAX_WORDS = 7;
const MAX_CHARS = 80;
const SITE_TEXT_MAX = 6_000;

const ZKeywordsAnswer = z.object({
  keywords: z
    .array(
      z.union([
        z.object({
          keyword: ZText.pipe(z.string().min(1)),
          intent: ZText.default(''),
          theme: ZText.default(''),
        }),
        // A bare list of strings is usable too: intent and theme then come from the rules.
        ZText.pipe(z.string().min(1)).transform((keyword) => ({ keyword, intent: '', theme: '' })),
      ]),
    )
    .min(1),
});

/**
 * Keyword ideas from the model (the `keywords` prompt): it proposes keywords with an intent and a
 * theme; the app then decides the intent by the word cues first (keyword-intent.ts, the model's label
 * when none applies), scores relevance itself, and keeps the user's seeds among the ideas. The model is
 * never asked for, and never trusted with, search volumes or prices.
 */
export const suggestKeywordsWithModel = async (
  kit: StepKit,
  request: KeywordIdeasRequest,
): Promise<KeywordIdeaDraft[]> => {
  const count = Math.min(Math.max(Math.trunc(request.count), 1), 60);
  const seeds = request.seeds.map((seed) => inlineValue(seed, 80)).filter(Boolean);
  const topic = inlineValue(request.topic, 200);
  const { object } = await kit.ai.generateObject({
    messages: contentMessages({
      task: 'keyword_ideas',
      context: kit.context,
      values: { topic, keywords: seeds.join(', '), count: String(count) },
      data: {
        request: { seed_terms: seeds, topic, count },
        ...(request.site
          ? {
              site_page: {
                url: request.site.url,
                title: request.site.title,
                headings: request.site.headings.slice(0, 20),
                key_phrases: request.site.keyPhrases,
                text: request.site.text.slice(0, SITE_TEXT_MAX),
              },
            }
          : {}),
      },
      answer: `A JSON object {"keywords": [...]} with ${count} items, each {"keyword": string (lower case, at most ${MAX_WORDS} words), "intent": "informational" | "commercial" | "transactional" | "navigational", "theme": string (a short name of the group it belongs to, 1 to 3 words, shared by related keywords)}. No numbers about searches, costs or competition.`,
    }),
    schema: ZKeywordsAnswer,
    shapeHint: '{"keywords": [{"keyword", "intent", "theme"}]}',
    signal: kit.signal,
    onUsage: kit.onUsage,
  });

  const { brand, inputs } = kit.context;
  const vocabulary = vocabularyOf(brand, inputs, request);
  const seedKeys = new Set(seeds.map(keywordKey));
  const ideas: KeywordIdeaDraft[] = [];
  const seen = new Set<string>();
  const add = (text: string, modelIntent: string, theme: string) => {
    const key = keywordKey(text);
    if (!key || key.length > MAX_CHARS || key.split(' ').length > MAX_WORDS || seen.has(key)) return;
    seen.add(key);
    ideas.push({
      text: key,
      intent: intentOf(key, {
        company: brand.company || null,
        modelLabel: modelIntent,
        namesOffer: namesOffer(key, vocabulary),
      }),
      theme: keywordKey(theme).slice(0, MAX_CHARS) || key,
      relevance: relevanceOf(key, vocabulary),
      source: seedKeys.has(key) ? 'seed' : 'writer',
    });
  };
  for (const item of object.keywords) add(item.keyword, item.intent, item.theme);
  const fromModel = ideas.length;
  // The user's own seeds are always among the ideas (the model may have left one out).
  for (const seed of seeds) add(seed, '', seed);
  const missingSeeds = ideas.slice(fromModel);
  return [...ideas.slice(0, Math.max(0, Math.min(fromModel, count - missingSeeds.length))), ...missingSeeds];
};
