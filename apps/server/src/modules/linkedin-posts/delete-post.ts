import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { deleteOwnContentItem } from '../content/delete-own-item';

export const deletePost = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ message: string }> => {
  await deleteOwnContentItem(deps.db, userId, id, 'linkedin_post', LINKEDIN_POST_MESSAGES.postNotFound);
  return { message: LINKEDIN_POST_MESSAGES.deleted };
};
