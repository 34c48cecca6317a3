import { z } from 'zod';
import type { BlogTopic } from '../types';
import { ZText, ZWordList } from './answer-fields';
import { contentMessages, inlineValue } from './content-messages';
import type { StepKit } from './step-kit';

const ZTopicsAnswer = z.object({
  topics: z
    .array(
      z.object({
        title: ZText.pipe(z.string().min(1)),
        angle: ZText.default(''),
        keywords: ZWordList.default([]),
      }),
    )
    .min(1),
});

/** Blog topics in one JSON answer; fewer than asked is kept (the caller gives back the units not used). */
export const suggestTopicsWithModel = async (
  kit: StepKit,
  request: { seedKeywords: string[]; count: number },
): Promise<BlogTopic[]> => {
  const count = Math.min(Math.max(Math.trunc(request.count), 1), 24);
  const seeds = request.seedKeywords.map((keyword) => inlineValue(keyword, 80)).filter(Boolean);
  const { object } = await kit.ai.generateObject({
    messages: contentMessages({
      task: 'blog_topics',
      context: kit.context,
      values: { keywords: seeds.join(', '), count: String(count) },
      data: { request: { seed_keywords: seeds, count } },
      answer: `A JSON object {"topics": [...]} with exactly ${count} item${count > 1 ? 's' : ''}, each {"title": string (at most 70 characters), "angle": string (one sentence), "keywords": string[] (3 to 5, lower case)}.`,
    }),
    schema: ZTopicsAnswer,
    shapeHint: '{"topics": [{"title", "angle", "keywords"}]}',
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  const seen = new Set<string>();
  return object.topics
    .filter((topic) => {
      const key = topic.title.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, count)
    .map((topic) => ({
      title: topic.title.slice(0, 200),
      angle: topic.angle.slice(0, 500),
      keywords: topic.keywords.map((keyword) => keyword.toLowerCase().slice(0, 80)).slice(0, 8),
    }));
};
