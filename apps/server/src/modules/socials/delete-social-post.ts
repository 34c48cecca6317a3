import { SOCIAL_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';
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
  const [deleted] = await deps.db
    .delete(contentItems)
    .where(
      and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, 'social_post')),
    )
    .returning();
  if (!deleted) throw notFound(SOCIAL_MESSAGES.postNotFound);
  await removeOwnedPicture(deps, deleted);
  return { message: SOCIAL_MESSAGES.deleted };
};
