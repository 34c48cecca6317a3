import type { TLinkedinPost } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import type { ContentPrompt, LinkedinPostDraft, WrittenBy } from '../../lib/writers/content-writer/types';
import { composePost, type LinkedinPostData, titleOf } from './compose-post';
import { postView } from './post-view';
import type { ResolvedSource } from './resolve-source';

/** Shares a call's tokens out over the posts it made, so the posts add up to the call. */
export const shareOf = (total: number, parts: number, index: number): number =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);

/**
 * Saves the variants of one generation together (all or none), each a 'linkedin_post' item in draft,
 * with the call's tokens shared over them (the AI layer has already recorded the call in ai_usage).
 * The chat's drafting uses it: there the person asked for that one post. The LinkedIn screen saves
 * nothing when it writes, only the variants the person keeps (keep-post.ts).
 */
export const savePosts = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: {
    userId: string;
    drafts: LinkedinPostDraft[];
    written: WrittenBy;
    prompt: ContentPrompt;
    source: ResolvedSource;
    inputIds: number[];
  },
): Promise<TLinkedinPost[]> => {
  const { drafts, written, source } = options;
  const now = deps.clock.now();
  const inputIds = [
    ...new Set([
      ...(source.saved.type === 'input' && source.saved.id ? [source.saved.id] : []),
      ...options.inputIds,
    ]),
  ];
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(contentItems)
      .values(
        drafts.map((draft, index) => {
          const post = composePost(draft);
          return {
            userId: options.userId,
            kind: 'linkedin_post' as const,
            status: 'ready' as const,
            progress: 100,
            title: titleOf(post.hook),
            body: post.text,
            data: {
              hook: post.hook,
              hashtags: post.hashtags,
              status: 'draft',
              source: source.saved,
              variant: index,
              variants: drafts.length,
            } satisfies LinkedinPostData,
            writer: written.writer,
            model: written.model,
            promptId: options.prompt.id,
            promptVersion: options.prompt.version,
            sourceId: source.sourceId,
            inputIds,
            promptTokens: shareOf(written.usage.promptTokens, drafts.length, index),
            completionTokens: shareOf(written.usage.completionTokens, drafts.length, index),
            // A millisecond apart, the first variant newest: lists (newest first) keep the writer's order.
            createdAt: new Date(now.getTime() - index),
            updatedAt: now,
          };
        }),
      )
      .returning();
    rows.sort((a, b) => a.id - b.id);
    return rows.map(postView);
  });
};
