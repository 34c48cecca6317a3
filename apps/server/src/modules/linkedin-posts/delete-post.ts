import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';

export const deletePost = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ message: string }> => {
  const deleted = await deps.db
    .delete(contentItems)
    .where(
      and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.kind, 'linkedin_post')),
    )
    .returning({ id: contentItems.id });
  if (deleted.length === 0) throw notFound(LINKEDIN_POST_MESSAGES.postNotFound);
  return { message: LINKEDIN_POST_MESSAGES.deleted };
};
