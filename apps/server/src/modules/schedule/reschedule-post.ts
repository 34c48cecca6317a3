import { SCHEDULE_MESSAGES, type TScheduleItem } from '@sales-assist/contract';
import { and, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledPosts } from '../../db/schema';
import { AppError, conflict } from '../../http/errors';
import { queuePublish } from '../publishing/queue-publish';
import { CHANGEABLE_STATES, refusalOf } from './change-scheduled-post';
import { findOwnScheduledPost, ownScheduledPost } from './find-own-scheduled-post';
import { refuseThePast } from './refuse-the-past';
import { scheduleItemView } from './schedule-view';

/**
 * Moves a calendar item to another instant (a drag on the calendar). A failed or held post moved is tried
 * again at its new time: its failure is cleared. A platform's pause (`not_before`) stays, as the platform
 * set it. The UPDATE is conditional on the state, so it cannot slip in after the engine claimed the row:
 * whichever commits first wins and the other sees it.
 */
export const reschedulePost = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId: string,
  id: number,
  postedOn: string,
): Promise<TScheduleItem> => {
  const at = new Date(postedOn);
  refuseThePast(at, deps.clock.now());
  // An unlinked account can take nothing at any time (one to reconnect may be reconnected before then).
  const { post } = await findOwnScheduledPost(deps.db, userId, id);
  if (post.connectionId === null && post.status !== 'published') {
    throw new AppError(409, 'reconnect', SCHEDULE_MESSAGES.reconnectFirst);
  }
  const [moved] = await deps.db
    .update(scheduledPosts)
    .set({
      scheduledFor: at,
      status: 'scheduled',
      failureKind: null,
      failureReason: null,
      updatedAt: deps.clock.now(),
    })
    .where(and(ownScheduledPost(userId, id), inArray(scheduledPosts.status, [...CHANGEABLE_STATES])))
    .returning({ id: scheduledPosts.id });
  if (!moved) throw await refusalOf(deps.db, userId, id, () => conflict(SCHEDULE_MESSAGES.publishingNow));
  await queuePublish(deps, { id, at });
  return scheduleItemView(await findOwnScheduledPost(deps.db, userId, id));
};
