import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../../db/schema';
import { suggestBlogTopics } from '../../blogs/suggest-topics';
import { clip } from './bounds';
import type { ChatTool } from './chat-tool';
import { refusalOf } from './refusal';

const Args = z.object({
  count: z.number().int().min(1).max(6).optional().describe('How many topics (1–6, default 3)'),
  seed_keywords: z
    .array(z.string().trim().min(1).max(60))
    .max(10)
    .optional()
    .describe('Keywords to start from'),
});

/**
 * Blog topics through the blogs screen's own path (suggestBlogTopics): each topic lands in History and
 * takes one blog_topics unit of the plan; at the limit the result carries the premium pop-up's words.
 */
export const draftBlogTopicsTool: ChatTool<z.infer<typeof Args>> = {
  name: 'draft_blog_topics',
  description:
    'Suggests blog topics for the user’s business and saves them in History. Each topic counts against the ' +
    "plan's blog topics limit. Use only when the user asks for topics.",
  parameters: Args,
  run: async (ctx, args) => {
    const [user] = await ctx.deps.db
      .select({ id: users.id, subscriptionType: users.subscriptionType, websiteUrl: users.websiteUrl })
      .from(users)
      .where(eq(users.id, ctx.userId));
    if (!user) throw new Error('The signed-in account does not exist');
    try {
      const answer = await suggestBlogTopics(ctx.deps, user, {
        count: args.count ?? 3,
        seed_keywords: args.seed_keywords ?? [],
      });
      const topics = answer.topics.map((topic) => ({
        title: clip(topic.title, 200),
        angle: clip(topic.angle, 300),
      }));
      return {
        result: {
          written: true,
          saved_to: 'History and the blogs screen (/website-content)',
          topics,
          topics_left_this_period: answer.remaining,
        },
        summary: `Suggested ${topics.length} blog topic${topics.length === 1 ? '' : 's'} (saved to History; ${answer.remaining} left this period)`,
      };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw error;
    }
  },
};
