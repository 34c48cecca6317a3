import {
  SOCIAL_MESSAGES,
  type TRegenerateSocialImageRequest,
  type TSocialPostResponse,
  ZRegenerateSocialImageRequest,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { conflict } from '../../http/errors';
import { findSocialPost } from './find-social-post';
import { renderingImage, socialDataOf } from './social-data';
import { socialPostView } from './social-view';
import { startPicture } from './start-picture';
import { themeNamesOf, usableTheme } from './themes';

/**
 * Asks for a new picture: the same source again, or another theme or source. The image version is
 * bumped (a job of the older version then saves nothing, and image_uri changes so caches refresh); the
 * previous picture, if the post owned its copy, is removed once the new one is asked for. Costs no
 * plan unit: the picture belongs to its post.
 */
export const regenerateSocialImage = async (
  deps: AppDeps,
  userId: string,
  id: number,
  body: TRegenerateSocialImageRequest,
): Promise<TSocialPostResponse> => {
  const request = ZRegenerateSocialImageRequest.parse(body);
  const row = await findSocialPost(deps.db, userId, id);
  if (row.status !== 'ready') throw conflict(SOCIAL_MESSAGES.stillWriting);
  const data = socialDataOf(row);
  const themeId = request.theme_id ?? data.image.themeId ?? data.themeId;
  const theme = await usableTheme(deps.db, themeId);
  const source = request.image_source ?? data.image.source;
  const choice = await startPicture.check(deps, userId, {
    source,
    inputId: source === 'input' ? (request.image_input_id ?? data.image.inputId) : null,
  });
  const previous = data.image;
  const image = renderingImage({
    source,
    version: previous.version + 1,
    startedAt: deps.clock.now().toISOString(),
    themeId: theme.id,
    inputId: choice.input?.id ?? null,
  });
  const [saved] = await deps.db
    .update(contentItems)
    .set({
      data: { ...data, themeId: theme.id, image } as unknown as Record<string, unknown>,
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(contentItems.id, id),
        eq(contentItems.userId, userId),
        eq(contentItems.updatedAt, row.updatedAt),
      ),
    )
    .returning();
  if (!saved) throw conflict('The post changed meanwhile: try again');
  if (previous.owned && previous.storageKey)
    await deps.storage.delete(previous.storageKey).catch(() => undefined);
  const started = await startPicture.begin(deps, saved, choice);
  return { post: socialPostView(started, await themeNamesOf(deps.db, [theme.id])) };
};
