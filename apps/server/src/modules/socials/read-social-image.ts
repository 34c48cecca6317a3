import { SOCIAL_MESSAGES } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import type { StoredObject } from '../../lib/clients/storage';
import { renderThemePicture } from '../infographics/render-theme-picture';
import { findSocialPost } from './find-social-post';
import { socialDataOf } from './social-data';

/** The post's picture for its owner: 404 for another user's post, or while it has none. */
export const readSocialImage = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  id: number,
): Promise<{ file: StoredObject; mime: string; fileName: string }> => {
  const row = await findSocialPost(deps.db, userId, id);
  const { image, network } = socialDataOf(row);
  if (image.status !== 'ready' || !image.storageKey || !image.mime)
    throw notFound(SOCIAL_MESSAGES.imageNotReady);
  let file = await deps.storage.get(image.storageKey);
  // A theme picture lives in the render cache: if its file was lost, it is drawn again from what it showed.
  if (!file && image.cacheKey && image.content) {
    const themeId = image.themeId ?? socialDataOf(row).themeId;
    const picture = await renderThemePicture(deps, {
      themeId,
      content: image.content,
      ensureStored: true,
      forUser: userId,
    });
    file = await deps.storage.get(picture.storageKey);
  }
  if (!file) throw notFound(SOCIAL_MESSAGES.imageNotReady);
  const ext = image.mime === 'image/jpeg' ? 'jpg' : image.mime.replace('image/', '');
  return { file, mime: image.mime, fileName: `social-post-${row.id}-${network}.${ext}` };
};
