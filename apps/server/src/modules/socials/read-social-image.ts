import { SOCIAL_MESSAGES } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import type { StoredObject } from '../../lib/storage';
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
  const file = await deps.storage.get(image.storageKey);
  if (!file) throw notFound(SOCIAL_MESSAGES.imageNotReady);
  const ext = image.mime === 'image/jpeg' ? 'jpg' : image.mime.replace('image/', '');
  return { file, mime: image.mime, fileName: `social-post-${row.id}-${network}.${ext}` };
};
