import { randomUUID } from 'node:crypto';
import {
  SOCIAL_MESSAGES,
  SOCIAL_NETWORK_LABELS,
  type TCreateSocialPostsRequest,
  type TCreateSocialPostsResponse,
  type TLinkedinPostSource,
  ZCreateSocialPostsRequest,
} from '@sales-assist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type ContentItemRow, contentItems, type UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isAiAborted } from '../../lib/clients/ai/ai-errors';
import { loadGenerationContext } from '../content/generation-context';
import { resolveSource } from '../linkedin-posts/resolve-source';
import { givePlanUnitsBack, takePlanUnits } from '../plan-limits/take-plan-units';
import { templatePrompts } from '../templates/template-prompts';
import { renderingImage, type SocialPostData } from './social-data';
import { socialPostView } from './social-view';
import { startPicture } from './start-picture';
import { usableTheme } from './themes';

/** The source of a request, as the LinkedIn posts' resolver reads it (the same refusals). */
const sourceOf = (request: {
  topic?: string | undefined;
  source_id?: number | undefined;
  input_id?: number | undefined;
}): TLinkedinPostSource => {
  if (request.source_id !== undefined) return { type: 'blog', blog_id: request.source_id };
  if (request.input_id !== undefined) return { type: 'input', input_id: request.input_id };
  return { type: 'topic', topic: request.topic ?? '' };
};

/**
 * Writes social posts, one per chosen network, and starts their pictures.
 *
 * Everything that can be refused is checked first (theme, source, image input, grounding inputs, image
 * model), so a refusal costs nothing. Then ONE social_media_posts unit is taken for the generation (all
 * its networks) in the transaction that creates its posts ('generating'); the text is written by the
 * theme's Text Post prompt; the posts turn 'ready' and each picture is queued (theme, model) or copied
 * (input). If the writing fails or the caller goes away, the posts are removed and the unit is given
 * back in one transaction: nothing half-saved, nothing counted.
 */
export const createSocialPosts = async (
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'subscriptionType'>,
  input: TCreateSocialPostsRequest,
  signal?: AbortSignal,
): Promise<TCreateSocialPostsResponse> => {
  const request = ZCreateSocialPostsRequest.parse(input);
  const theme = await usableTheme(deps.db, request.theme_id);
  const source = await resolveSource(deps.db, user.id, sourceOf(request));
  const context = await loadGenerationContext(deps, {
    userId: user.id,
    purpose: 'social_post',
    inputIds: request.input_ids,
  });
  const picture = await startPicture.check(deps, user.id, {
    source: request.image_source,
    inputId: request.image_input_id ?? null,
  });
  const prompts = await templatePrompts(deps.db, theme.id);
  const now = deps.clock.now();
  const generationId = randomUUID();

  const rows = await deps.db.transaction(async (tx) => {
    const { period } = await takePlanUnits(tx, {
      userId: user.id,
      metric: 'social_media_posts',
      now,
    });
    const image = renderingImage({
      source: request.image_source,
      version: 1,
      startedAt: now.toISOString(),
      themeId: theme.id,
      inputId: request.image_input_id ?? null,
    });
    return tx
      .insert(contentItems)
      .values(
        request.networks.map((network, index) => {
          const data: SocialPostData = {
            network,
            generationId,
            themeId: theme.id,
            source: source.saved,
            hashtags: [],
            planPeriod: index === 0 ? period : null,
            image,
          };
          return {
            userId: user.id,
            kind: 'social_post' as const,
            status: 'generating' as const,
            progress: 0,
            // "Instagram: <topic>": History tells the posts of one generation apart.
            title: `${SOCIAL_NETWORK_LABELS[network]}: ${source.saved.label}`.slice(0, 200),
            data: data as unknown as Record<string, unknown>,
            writer: deps.content.kind,
            sourceId: source.sourceId,
            inputIds: request.input_ids,
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .returning();
  });

  let written: Awaited<ReturnType<AppDeps['content']['writeSocialPosts']>>;
  try {
    written = await deps.content.writeSocialPosts(
      {
        ...context,
        prompt: prompts.text_post,
        ...(rows[0] ? { itemId: rows[0].id } : {}),
        ...(signal ? { signal } : {}),
      },
      { networks: request.networks, ...source.request },
    );
    if (written.result.length === 0) throw new Error('the writer answered no post');
  } catch (error) {
    await undoGeneration(deps, rows);
    if (isAiAborted(error) || signal?.aborted)
      throw new AppError(499, 'cancelled', 'The request was cancelled');
    throw new AppError(502, 'generation_failed', SOCIAL_MESSAGES.generationFailed);
  }

  const saved: ContentItemRow[] = [];
  for (const [index, row] of rows.entries()) {
    const data = row.data as unknown as SocialPostData;
    const draft = written.result.find((each) => each.network === data.network) ?? written.result[0];
    const [ready] = await deps.db
      .update(contentItems)
      .set({
        status: 'ready',
        progress: 100,
        body: draft?.text ?? '',
        data: { ...data, hashtags: draft?.hashtags ?? [] } as unknown as Record<string, unknown>,
        writer: written.writer,
        model: written.model,
        promptId: prompts.text_post.id,
        promptVersion: prompts.text_post.version,
        // The generation's tokens are counted once, on its first post.
        promptTokens: index === 0 ? written.usage.promptTokens : 0,
        completionTokens: index === 0 ? written.usage.completionTokens : 0,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(contentItems.id, row.id), eq(contentItems.status, 'generating')))
      .returning();
    if (ready) saved.push(await startPicture.begin(deps, ready, picture));
  }
  const names = new Map([[theme.id, theme.name]]);
  return {
    items: saved.map((row) => socialPostView(row, names)),
    fallback_reason: written.fallbackReason ?? null,
  };
};

/** Removes a generation's posts that were never written and gives its unit back, together. */
export const undoGeneration = async (
  deps: Pick<AppDeps, 'db'>,
  rows: readonly Pick<ContentItemRow, 'id' | 'userId' | 'data'>[],
): Promise<void> => {
  if (rows.length === 0) return;
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(contentItems)
      .where(
        and(
          inArray(
            contentItems.id,
            rows.map((row) => row.id),
          ),
          eq(contentItems.status, 'generating'),
        ),
      )
      .returning({ id: contentItems.id, userId: contentItems.userId, data: contentItems.data });
    for (const row of removed) {
      const period = (row.data as unknown as SocialPostData).planPeriod;
      if (period) await givePlanUnitsBack(tx, { userId: row.userId, metric: 'social_media_posts', period });
    }
  });
};
