import { HISTORY_KIND_LABELS, HISTORY_KINDS } from '@sales-assist/contract';
import { z } from 'zod';
import { listHistory } from '../../history/list-history';
import { clip, TOOL_BOUNDS } from './bounds';
import type { ChatTool } from './chat-tool';

const Args = z.object({
  kind: z
    .enum(HISTORY_KINDS)
    .optional()
    .describe('Only this kind: blog_topic, blog, linkedin_post, social_post, google_ad or keywords'),
  limit: z.number().int().min(1).max(TOOL_BOUNDS.rows).optional().describe('How many (default 5)'),
});

/** The newest items of the caller's History (every generation lands there), as History lists them. */
export const recentContentTool: ChatTool<z.infer<typeof Args>> = {
  name: 'get_recent_content',
  description:
    "The user's most recent generated content from History, newest first: blog topics, blog posts, LinkedIn " +
    'posts, social posts, Google ads, keyword lists; each with its title, a short excerpt and when it was made.',
  parameters: Args,
  run: async (ctx, args) => {
    const page = await listHistory(ctx.deps, ctx.userId, { kind: args.kind, limit: args.limit ?? 5 });
    const items = page.items.map((item) => ({
      kind: HISTORY_KIND_LABELS[item.kind],
      title: clip(item.title, 150),
      excerpt: clip(item.excerpt, 200),
      status: item.status,
      created_at: item.created_at,
    }));
    const what = args.kind ? ` (${HISTORY_KIND_LABELS[args.kind]})` : '';
    return {
      result: { items, more: page.next_cursor !== null },
      summary: `Read ${items.length} recent item${items.length === 1 ? '' : 's'} from History${what}`,
    };
  },
};
