import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { type PublishAttemptRow, type ScheduledPostRow, scheduledPosts } from '../../../db/schema';
import type { PublishedPost } from '../../../lib/publishing/types';
import { type AttemptEnd, finishAttempt } from './attempts';

/**
 * The post's next state and its attempt's outcome, written together. Only the attempt that holds the post
 * (status `publishing` at its number) may settle it, so a worker that lost it (taken over after it looked
 * dead) changes nothing. Answers whether it settled.
 */
const settle = async (
  deps: AppDeps,
  held: { post: ScheduledPostRow; attempt: PublishAttemptRow },
  end: AttemptEnd,
  next: Partial<ScheduledPostRow>,
): Promise<boolean> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(scheduledPosts)
      .set({ ...next, updatedAt: now })
      .where(
        and(
          eq(scheduledPosts.id, held.post.id),
          eq(scheduledPosts.status, 'publishing'),
          eq(scheduledPosts.attempts, held.attempt.number),
        ),
      )
      .returning({ id: scheduledPosts.id });
    // Written either way: the audit log tells what the platform answered even to a worker that lost the post.
    await finishAttempt(tx, held.attempt, end, now);
    return moved !== undefined;
  });
};

type Held = { post: ScheduledPostRow; attempt: PublishAttemptRow };

export const settlePublished = (
  deps: AppDeps,
  held: Held,
  published: PublishedPost,
  how: { outcome: 'published' | 'found'; message?: string },
) =>
  settle(
    deps,
    held,
    { outcome: how.outcome, externalId: published.externalId, message: how.message ?? null },
    {
      status: 'published',
      externalId: published.externalId,
      externalUrl: published.url || null,
      publishedAt: deps.clock.now(),
      notBefore: null,
      pausedReason: null,
      failureKind: null,
      failureReason: null,
    },
  );

/**
 * Waits for the platform (a rate limit, a quota, a platform that is down): a publish goes back to
 * `scheduled` until `until`; a read-back stays `publishing` (the outcome is still unknown) until then.
 */
export const settlePaused = (deps: AppDeps, held: Held, until: Date, reason: string, end: AttemptEnd) =>
  settle(deps, held, end, {
    status: held.attempt.action === 'publish' ? 'scheduled' : 'publishing',
    notBefore: until,
    pausedReason: reason,
  });

export const settleFailed = (
  deps: AppDeps,
  held: Held,
  failure: { kind: string; reason: string },
  end: AttemptEnd,
) =>
  settle(deps, held, end, {
    status: 'failed',
    failureKind: failure.kind,
    failureReason: failure.reason,
    notBefore: null,
    pausedReason: null,
  });

/** The outcome is unknown and cannot be learnt: a person decides (never replayed blindly). */
export const settleHeld = (deps: AppDeps, held: Held, reason: string, end: AttemptEnd) =>
  settle(deps, held, end, {
    status: 'held',
    failureKind: 'unknown_outcome',
    failureReason: reason,
    notBefore: null,
    pausedReason: null,
  });

/** The platform surely does not have it: the post may be published again. */
export const settleNotFound = (deps: AppDeps, held: Held) =>
  settle(deps, held, { outcome: 'not_found' }, { status: 'scheduled', notBefore: null, pausedReason: null });

/**
 * A post that cannot be tried at all (unlinked account, deleted content, an account to reconnect): failed
 * straight from `scheduled`, with no attempt since nothing reached a platform.
 */
export const failBeforeAnyCall = async (
  deps: AppDeps,
  post: ScheduledPostRow,
  failure: { kind: string; reason: string },
): Promise<boolean> => {
  const [moved] = await deps.db
    .update(scheduledPosts)
    .set({
      status: 'failed',
      failureKind: failure.kind,
      failureReason: failure.reason,
      notBefore: null,
      pausedReason: null,
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(scheduledPosts.id, post.id),
        eq(scheduledPosts.status, post.status),
        eq(scheduledPosts.attempts, post.attempts),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return moved !== undefined;
};
