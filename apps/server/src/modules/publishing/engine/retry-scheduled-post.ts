import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { type ScheduledPostRow, scheduledPosts } from '../../../db/schema';
import { queuePublish } from '../queue-publish';

/**
 * The user's retry of a failed or held post (for a held one: they looked, and it is not on the platform):
 * back to `scheduled`, its reason cleared, queued for now. Its instant stays as the user chose it; being
 * past, the job publishes at once. Answers the post, or why not: `not_found` for none of the user's,
 * `not_retryable` for a post that is not failed or held (the conditional update decides, so two retries
 * at once queue one publish).
 */
export const retryScheduledPost = async (
  deps: AppDeps,
  input: { userId: string; id: number },
): Promise<ScheduledPostRow | 'not_found' | 'not_retryable'> => {
  const now = deps.clock.now();
  const [moved] = await deps.db
    .update(scheduledPosts)
    .set({
      status: 'scheduled',
      failureKind: null,
      failureReason: null,
      notBefore: null,
      pausedReason: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(scheduledPosts.id, input.id),
        eq(scheduledPosts.userId, input.userId),
        inArray(scheduledPosts.status, ['failed', 'held']),
      ),
    )
    .returning();
  if (!moved) {
    const [exists] = await deps.db
      .select({ id: scheduledPosts.id })
      .from(scheduledPosts)
      .where(and(eq(scheduledPosts.id, input.id), eq(scheduledPosts.userId, input.userId)));
    return exists ? 'not_retryable' : 'not_found';
  }
  await queuePublish(deps, { id: moved.id, at: now });
  return moved;
};
