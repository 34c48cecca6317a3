import { and, asc, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { DbOrTx } from '../../../db/open-database';
import {
  type PublishAttemptRow,
  publishAttempts,
  type ScheduledPostRow,
  scheduledPosts,
} from '../../../db/schema';
import { rowsOf } from '../../../db/sql-rows';
import { leaseFrom, liveAttemptOf } from './leases';

/** A post taken for one attempt: the row as taken and the attempt written for it. */
export type Held = { post: ScheduledPostRow; attempt: PublishAttemptRow };

/**
 * Takes due `scheduled` posts for a publish attempt each and writes the attempts down, in one statement (so
 * one transaction), before any platform call. The conditional UPDATE lets exactly one worker through for
 * each post; every other finds nothing to update. The rows are locked in id order first, so two workers
 * taking overlapping batches wait for each other rather than deadlock, and a post the other one took is
 * no longer `scheduled` when the wait ends. One statement for a whole batch: a minute with 1,000 posts due
 * counts every round trip. The attempts start with their lease, which the caller keeps (holdLease) while it
 * works. Answers the posts taken, by id, with their attempts; a post not in the answer is not to be taken.
 */
export const takeForPublish = async (
  deps: AppDeps,
  posts: ScheduledPostRow[],
  dueBy: Date,
): Promise<Map<number, Held>> => {
  const taken = new Map<number, Held>();
  if (posts.length === 0) return taken;
  const now = deps.clock.now();
  const leaseUntil = leaseFrom(now);
  const result = await deps.db.execute(sql`
    with due as (
      select id from ${scheduledPosts}
      where ${inArray(
        scheduledPosts.id,
        posts.map((post) => post.id),
      )} and status = 'scheduled' and scheduled_for <= ${dueBy}
        and (not_before is null or not_before <= ${dueBy})
      order by id
      for update
    ), taken as (
      update ${scheduledPosts} p
      set status = 'publishing', attempts = p.attempts + 1, updated_at = ${now}
      from due where p.id = due.id
      returning p.id, p.user_id, p.attempts
    )
    insert into ${publishAttempts} (scheduled_post_id, user_id, number, action, started_at, lease_until)
    select id, user_id, attempts, 'publish', ${now}, ${leaseUntil} from taken
    returning id, scheduled_post_id, number`);
  const byId = new Map(posts.map((post) => [post.id, post]));
  for (const row of rowsOf<{ id: number | string; scheduled_post_id: number | string; number: number }>(
    result,
  )) {
    const post = byId.get(Number(row.scheduled_post_id));
    if (!post) continue;
    const number = Number(row.number);
    taken.set(post.id, {
      post: { ...post, status: 'publishing', attempts: number, updatedAt: now },
      attempt: {
        id: Number(row.id),
        scheduledPostId: post.id,
        userId: post.userId,
        number,
        action: 'publish',
        startedAt: now,
        finishedAt: null,
        outcome: null,
        errorKind: null,
        errorCode: null,
        message: null,
        externalId: null,
        leaseUntil,
      },
    });
  }
  return taken;
};

/**
 * Takes a `publishing` post whose outcome is in doubt for a read-back, in one transaction: only while it is
 * still at the attempt count its caller saw (the count is the row's version: whoever took it since has moved
 * it on) and while no running attempt of it holds a lease (a live worker renewed it meanwhile). Attempts left
 * unfinished by a process that died are closed as `unknown` here, in the same transaction, so a late renewal
 * by a worker that was only slow cannot bring one back, and the audit log tells what happened to each.
 * Answers the taken row and the attempt, or null when someone else has it.
 */
export const takeForReadBack = async (deps: AppDeps, post: ScheduledPostRow): Promise<Held | null> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .update(scheduledPosts)
      .set({ attempts: sql`${scheduledPosts.attempts} + 1`, updatedAt: now })
      .where(
        and(
          eq(scheduledPosts.id, post.id),
          eq(scheduledPosts.status, 'publishing'),
          eq(scheduledPosts.attempts, post.attempts),
          not(liveAttemptOf(scheduledPosts.id, now)),
        ),
      )
      .returning();
    if (!taken) return null;
    await tx
      .update(publishAttempts)
      .set({
        finishedAt: now,
        outcome: 'unknown',
        message: 'The process making this attempt stopped before it ended.',
      })
      .where(and(eq(publishAttempts.scheduledPostId, post.id), isNull(publishAttempts.finishedAt)));
    const [attempt] = await tx
      .insert(publishAttempts)
      .values({
        scheduledPostId: taken.id,
        userId: taken.userId,
        number: taken.attempts,
        action: 'read_back',
        startedAt: now,
        leaseUntil: leaseFrom(now),
      })
      .returning();
    if (!attempt) throw new Error('The attempt was not written');
    return { post: taken, attempt };
  });
};

export type AttemptEnd = Pick<PublishAttemptRow, 'outcome'> &
  Partial<Pick<PublishAttemptRow, 'errorKind' | 'errorCode' | 'message' | 'externalId'>>;

/** Writes an attempt's outcome (inside the caller's transaction, with the post's new state). */
export const finishAttempt = (tx: DbOrTx, attempt: PublishAttemptRow, end: AttemptEnd, at: Date) =>
  tx
    .update(publishAttempts)
    .set({ ...end, finishedAt: at })
    .where(eq(publishAttempts.id, attempt.id));

export const attemptsOf = (deps: AppDeps, postId: number): Promise<PublishAttemptRow[]> =>
  deps.db
    .select()
    .from(publishAttempts)
    .where(eq(publishAttempts.scheduledPostId, postId))
    .orderBy(asc(publishAttempts.number));

export const latestAttemptOf = async (deps: AppDeps, postId: number): Promise<PublishAttemptRow | null> => {
  const [latest] = await deps.db
    .select()
    .from(publishAttempts)
    .where(eq(publishAttempts.scheduledPostId, postId))
    .orderBy(desc(publishAttempts.number))
    .limit(1);
  return latest ?? null;
};

/**
 * The publish attempts whose outcome nobody knows (the answer was lost, or the process died) since the
 * last one the platform answered clearly: a later duplicate refusal may be one of these.
 */
export const attemptsInDoubt = (attempts: PublishAttemptRow[]): PublishAttemptRow[] => {
  const inDoubt: PublishAttemptRow[] = [];
  for (const attempt of attempts) {
    if (attempt.action !== 'publish') continue;
    if (attempt.outcome === 'unknown' || attempt.outcome === null) inDoubt.push(attempt);
  }
  return inDoubt;
};

/**
 * The attempts since the post last ended (failed, held or published): a user's retry starts the
 * counts of pauses and failed read-backs afresh.
 */
export const sinceLastEnd = (attempts: PublishAttemptRow[]): PublishAttemptRow[] => {
  let start = 0;
  attempts.forEach((attempt, index) => {
    if (['failed', 'held', 'published', 'found'].includes(attempt.outcome ?? '')) start = index + 1;
  });
  return attempts.slice(start);
};
