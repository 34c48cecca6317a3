import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { publishAttempts, type ScheduledPostRow, scheduledPosts } from '../../../db/schema';
import { rowsOf } from '../../../db/sql-rows';
import type { AttemptEnd, Held } from './attempts';

/** What a settled post says besides its state; each settle names every one of them. */
type NextState = Pick<
  ScheduledPostRow,
  'status' | 'notBefore' | 'pausedReason' | 'failureKind' | 'failureReason'
> &
  Partial<Pick<ScheduledPostRow, 'externalId' | 'externalUrl' | 'publishedAt'>>;

// Published posts are settled by settle-published.ts, which writes the posts of a burst together.

/**
 * The post's next state and its attempt's outcome, written together in one statement (so one transaction,
 * and one round trip). Only the attempt that holds the post (status `publishing` at its number) may move
 * it, so a worker that lost it (taken over after it looked dead) changes nothing; the attempt's outcome is
 * written either way, so the audit log tells what the platform answered. Answers whether the post moved.
 */
const settle = async (deps: AppDeps, held: Held, end: AttemptEnd, next: NextState): Promise<boolean> => {
  const now = deps.clock.now();
  const result = await deps.db.execute(sql`
    with moved as (
      update ${scheduledPosts}
      set status = ${next.status}, not_before = ${next.notBefore}, paused_reason = ${next.pausedReason},
        failure_kind = ${next.failureKind}, failure_reason = ${next.failureReason},
        external_id = ${next.externalId ?? null}, external_url = ${next.externalUrl ?? null},
        published_at = ${next.publishedAt ?? null}, updated_at = ${now}
      where id = ${held.post.id} and status = 'publishing' and attempts = ${held.attempt.number}
      returning id
    ), finished as (
      update ${publishAttempts}
      set finished_at = ${now}, outcome = ${end.outcome}, error_kind = ${end.errorKind ?? null},
        error_code = ${end.errorCode ?? null}, message = ${end.message ?? null},
        external_id = ${end.externalId ?? null}
      where id = ${held.attempt.id}
      returning id
    )
    select count(*)::int as moved from moved`);
  return Number(rowsOf<{ moved: number }>(result)[0]?.moved ?? 0) > 0;
};

/**
 * Waits for the platform (a rate limit, a quota, a platform that is down): a publish goes back to
 * `scheduled` until `until`; a read-back stays `publishing` (the outcome is still unknown) until then.
 */
export const settlePaused = (deps: AppDeps, held: Held, until: Date, reason: string, end: AttemptEnd) =>
  settle(deps, held, end, {
    status: held.attempt.action === 'publish' ? 'scheduled' : 'publishing',
    notBefore: until,
    pausedReason: reason,
    failureKind: null,
    failureReason: null,
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
  settle(
    deps,
    held,
    { outcome: 'not_found' },
    { status: 'scheduled', notBefore: null, pausedReason: null, failureKind: null, failureReason: null },
  );

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
        // Not if the user moved it meanwhile (its new time has its own job).
        eq(scheduledPosts.scheduledFor, post.scheduledFor),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return moved !== undefined;
};
