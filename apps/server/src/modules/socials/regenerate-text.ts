import { SOCIAL_MESSAGES, type TLinkedinPostSource, type TSocialPostResponse } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { AppError, conflict } from '../../http/errors';
import { isAiAborted } from '../../lib/clients/ai/ai-errors';
import { loadGenerationContext } from '../content/generation-context';
import { type ResolvedSource, resolveSource } from '../linkedin-posts/resolve-source';
import { templatePrompts } from '../templates/template-prompts';
import { findSocialPost } from './find-social-post';
import { type SocialPostData, socialDataOf } from './social-data';
import { socialPostView } from './social-view';
import { themeNamesOf } from './themes';

/** The post's source read again; one deleted since leaves its label (title or topic) to write from. */
const sourceAgain = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  source: SocialPostData['source'],
): Promise<ResolvedSource['request']> => {
  const wanted: TLinkedinPostSource | null =
    source.type === 'blog' && source.id !== null
      ? { type: 'blog', blog_id: source.id }
      : source.type === 'input' && source.id !== null
        ? { type: 'input', input_id: source.id }
        : null;
  if (!wanted) return { topic: source.label };
  try {
    return (await resolveSource(deps.db, userId, wanted)).request;
  } catch {
    return { topic: source.label };
  }
};

/**
 * Writes the post's text again for its network, from the same source and the theme's current Text Post
 * prompt. It is part of the post it belongs to, so it costs no plan unit. The picture stays.
 */
export const regenerateSocialText = async (
  deps: AppDeps,
  userId: string,
  id: number,
  signal?: AbortSignal,
): Promise<TSocialPostResponse> => {
  const row = await findSocialPost(deps.db, userId, id);
  if (row.status !== 'ready') throw conflict(SOCIAL_MESSAGES.stillWriting);
  const data = socialDataOf(row);
  const request = await sourceAgain(deps, userId, data.source);
  // Grounding inputs deleted since are simply left out.
  const context = await loadGenerationContext(deps, {
    userId,
    purpose: 'social_post',
    inputIds: row.inputIds,
    itemId: row.id,
  }).catch(() => loadGenerationContext(deps, { userId, purpose: 'social_post', itemId: row.id }));
  const prompts = await templatePrompts(deps.db, data.themeId);
  let written: Awaited<ReturnType<AppDeps['content']['writeSocialPosts']>>;
  try {
    written = await deps.content.writeSocialPosts(
      { ...context, prompt: prompts.text_post, ...(signal ? { signal } : {}) },
      { networks: [data.network], ...request },
    );
  } catch (error) {
    if (isAiAborted(error) || signal?.aborted)
      throw new AppError(499, 'cancelled', 'The request was cancelled');
    throw new AppError(502, 'generation_failed', SOCIAL_MESSAGES.generationFailed);
  }
  const draft = written.result[0];
  if (!draft) throw new AppError(502, 'generation_failed', SOCIAL_MESSAGES.generationFailed);
  const [saved] = await deps.db
    .update(contentItems)
    .set({
      body: draft.text,
      data: sql`${contentItems.data} || ${JSON.stringify({ hashtags: draft.hashtags })}::jsonb`,
      writer: written.writer,
      model: written.model,
      promptId: prompts.text_post.id,
      promptVersion: prompts.text_post.version,
      promptTokens: sql`${contentItems.promptTokens} + ${written.usage.promptTokens}`,
      completionTokens: sql`${contentItems.completionTokens} + ${written.usage.completionTokens}`,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId)))
    .returning();
  if (!saved) throw conflict(SOCIAL_MESSAGES.postNotFound);
  return { post: socialPostView(saved, await themeNamesOf(deps.db, [data.themeId])) };
};
