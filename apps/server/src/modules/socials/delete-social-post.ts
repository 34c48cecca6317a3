import { SOCIAL_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { deleteOwnContentItem } from '../content/delete-own-item';
import { removeOwnedPicture } from './remove-owned-picture';

/**
 * Deletes a post and the picture it owns (a rendered theme picture stays in the render cache for others).
 * A written post was delivered: its unit is not given back.
 */
export const deleteSocialPost = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  id: number,
): Promise<TMessageResponse> => {
  const deleted = await deleteOwnContentItem(
    deps.db,
    userId,
    id,
    'social_post',
    SOCIAL_MESSAGES.postNotFound,
  );
  await removeOwnedPicture(deps, deleted);
  return { message: SOCIAL_MESSAGES.deleted };
};
