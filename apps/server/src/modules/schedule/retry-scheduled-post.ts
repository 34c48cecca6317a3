import { SCHEDULE_MESSAGES, type TScheduleItem } from '@sales-assist/contract';
import { and, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledPosts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { queuePublish } from '../publishing/queue-publish';
import { refusalOf, refuseUnusableAccount } from './change-scheduled-post';
import { findOwnScheduledPost, ownScheduledPost } from './find-own-scheduled-post';
import { scheduleItemView } from './schedule-view';

const RETRYABLE_STATES = ['failed', 'held'] as const;

/**
 * A failed post (or a held one the user decided to send again) goes out now: it is scheduled for this
 * instant with its failure cleared, and its job is queued at once. An account that must be reconnected (or
 * was unlinked) would fail it again, so it is refused first.
 */
export const retryScheduledPost = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId: string,
  id: number,
): Promise<TScheduleItem> => {
  const { post } = await findOwnScheduledPost(deps.db, userId, id);
  if ((RETRYABLE_STATES as readonly string[]).includes(post.status)) {
    await refuseUnusableAccount(deps.db, post.connectionId);
  }
  const now = deps.clock.now();
  const [retried] = await deps.db
    .update(scheduledPosts)
    .set({
      scheduledFor: now,
      status: 'scheduled',
      failureKind: null,
      failureReason: null,
      notBefore: null,
      pausedReason: null,
      updatedAt: now,
    })
    .where(and(ownScheduledPost(userId, id), inArray(scheduledPosts.status, [...RETRYABLE_STATES])))
    .returning({ id: scheduledPosts.id });
  if (!retried) {
    throw await refusalOf(
      deps.db,
      userId,
      id,
      () => new AppError(409, 'not_retryable', SCHEDULE_MESSAGES.notRetryable),
    );
  }
  await queuePublish(deps, { id, at: now });
  return scheduleItemView(await findOwnScheduledPost(deps.db, userId, id));
};
