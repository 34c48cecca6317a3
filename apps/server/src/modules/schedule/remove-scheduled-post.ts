import { SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { and, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledPosts } from '../../db/schema';
import { conflict } from '../../http/errors';
import { CHANGEABLE_STATES, refusalOf } from './change-scheduled-post';
import { ownScheduledPost } from './find-own-scheduled-post';

/**
 * Takes a post off the calendar (with its audit log). Not while it is with the platform, and not once
 * published: it stays as the record of what went out. Its queued job finds no row and does nothing.
 */
export const removeScheduledPost = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ message: string }> => {
  const [removed] = await deps.db
    .delete(scheduledPosts)
    .where(and(ownScheduledPost(userId, id), inArray(scheduledPosts.status, [...CHANGEABLE_STATES])))
    .returning({ id: scheduledPosts.id });
  if (!removed) throw await refusalOf(deps.db, userId, id, () => conflict(SCHEDULE_MESSAGES.publishingNow));
  return { message: SCHEDULE_MESSAGES.cancelled };
};
