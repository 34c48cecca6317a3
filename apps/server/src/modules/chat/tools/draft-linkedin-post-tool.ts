import { z } from 'zod';
import { loadGenerationContext } from '../../content/generation-context';
import { resolveSource } from '../../linkedin-posts/resolve-source';
import { savePosts } from '../../linkedin-posts/save-posts';
import { clip } from './bounds';
import type { ChatTool } from './chat-tool';

const Args = z.object({
  topic: z.string().trim().min(3).max(500).describe('What the post is about, in the user’s words'),
});

/**
 * A LinkedIn post written by the LinkedIn posts screen's own path (same prompt, brand profile and writer, the
 * offline writer when no model answers) and saved as a draft: it lands in History like any other. LinkedIn
 * posts count against no plan limit (docs/decisions/content-writing.md, "LinkedIn posts").
 */
export const draftLinkedinPostTool: ChatTool<z.infer<typeof Args>> = {
  name: 'draft_linkedin_post',
  description:
    "Writes one LinkedIn post about a topic in the user's brand voice and saves it as a draft in History " +
    '(and on the LinkedIn screen). Use only when the user asks for a post.',
  parameters: Args,
  run: async (ctx, args) => {
    const { deps, userId } = ctx;
    const source = await resolveSource(deps.db, userId, { type: 'topic', topic: args.topic });
    const context = await loadGenerationContext(deps, { userId, purpose: 'linkedin_post' });
    const written = await deps.content.writeLinkedinPosts(
      { ...context, ...(ctx.signal ? { signal: ctx.signal } : {}) },
      { ...source.request, variants: 1 },
    );
    // Stopped while writing: like the screen, nothing is saved once the person has gone.
    ctx.signal?.throwIfAborted();
    const drafts = written.result
      .filter((draft) => `${draft.hook}${draft.body}`.trim().length > 0)
      .slice(0, 1);
    if (drafts.length === 0) {
      return {
        result: { written: false, message: 'The writer answered no post: nothing was saved.' },
        summary: 'No LinkedIn post was written',
      };
    }
    const [post] = await savePosts(deps, {
      userId,
      drafts,
      written,
      prompt: context.prompt,
      source,
      inputIds: [],
    });
    if (!post) throw new Error('The LinkedIn post was not saved');
    return {
      result: {
        written: true,
        saved_to: 'History and the LinkedIn screen (/linkedin), as a draft',
        writer: written.writer,
        text: clip(post.text, 3_000),
      },
      summary: `Wrote a LinkedIn post draft: “${clip(post.hook, 60)}” (saved to History)`,
    };
  },
};
