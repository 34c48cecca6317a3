import type { AppDeps } from '../../../app-deps';
import type { ScheduledPostRow } from '../../../db/schema';
import { PublishError } from '../../../lib/publishing/types';
import type { Publisher, PublishPiece } from '../publisher';
import { answerRefusal } from './answer-refusal';
import { type Held, latestAttemptOf, takeForPublish } from './attempts';
import { ENGINE, type EngineOptions, type PublishOutcome, publishersOf } from './engine-settings';
import { holdLease, leaseEndOf } from './leases';
import { type LoadedPost, loadScheduledPost, pieceOf } from './load-piece';
import { markContentPublished } from './mark-content-published';
import { readBack } from './read-back';
import { failBeforeAnyCall, settlePublished } from './settle';
import { tellPublishFailed } from './tell-user';

/** Publish, read back, publish again at most: each round ends settled or hands over to the next. */
const MAX_ROUNDS = ENGINE.UNKNOWN_OUTCOMES + 1;

/** Due at `now`: its minute has come and no pause holds it (within the queue's clock slack). */
export const dueBy = (now: Date): Date => new Date(now.getTime() + ENGINE.DUE_SLACK_MS);
const isDue = (post: ScheduledPostRow, now: Date): boolean => {
  const by = dueBy(now).getTime();
  return post.scheduledFor.getTime() <= by && (post.notBefore === null || post.notBefore.getTime() <= by);
};

type Options = EngineOptions & { readBackSettleMs?: number };

/**
 * The publish-post job: publishes one scheduled post exactly once. Safe to run any number of times, from
 * any number of workers, at any time: a post that is not due (rescheduled later, paused), removed or
 * already settled is left alone; a post taken by another worker is left to it; a post left `publishing`
 * by a process that died is read back before anything else.
 */
export const publishScheduledPost = async (
  deps: AppDeps,
  id: number,
  options: Options = {},
): Promise<PublishOutcome> => {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const loaded = await loadScheduledPost(deps, id);
    if (!loaded) return 'skipped';
    const { post } = loaded;
    const now = deps.clock.now();
    let step: PublishOutcome | 'again';
    if (post.status === 'publishing') step = await settleInDoubt(deps, loaded, options);
    else if (post.status === 'scheduled' && isDue(post, now)) step = await publishOnce(deps, loaded, options);
    else return 'skipped';
    if (step !== 'again') return step;
  }
  // Still unsettled after every round (each send lost, each read-back "not there" yet under the limit):
  // the sweep or its pause job takes it up again.
  return 'skipped';
};

/**
 * A `publishing` post: an attempt whose lease is running belongs to a live worker and is left to it (should
 * that worker die, the recovery tick finds the lease ended within seconds); otherwise the platform is read
 * back before anything else.
 */
const settleInDoubt = async (
  deps: AppDeps,
  loaded: LoadedPost,
  options: Options,
): Promise<PublishOutcome | 'again'> => {
  const { post } = loaded;
  const now = deps.clock.now();
  if (post.notBefore && post.notBefore.getTime() > dueBy(now).getTime()) return 'skipped';
  const latest = await latestAttemptOf(deps, post.id);
  if (latest !== null && latest.finishedAt === null && leaseEndOf(latest).getTime() > now.getTime())
    return 'busy';
  return readBack(deps, loaded, publishersOf(options), { settleMs: options.readBackSettleMs });
};

/** One platform call for a due `scheduled` post: taken, written down, called, settled. */
const publishOnce = async (
  deps: AppDeps,
  loaded: LoadedPost,
  options: Options,
): Promise<PublishOutcome | 'again'> => {
  const { post } = loaded;
  const publishers = publishersOf(options);
  const ready = pieceOf(deps, loaded, publishers);
  if ('cannot' in ready) {
    if (await failBeforeAnyCall(deps, post, ready.cannot)) await tellPublishFailed(deps, post, ready.cannot);
    return 'failed';
  }
  const held = await takeForPublish(deps, post, dueBy(deps.clock.now()));
  if (!held) return 'busy';
  const release = holdLease(deps, held.attempt.id);
  try {
    return await callAndSettle(deps, held, ready, options);
  } finally {
    release();
  }
};

/** The platform call of a taken post, and what follows from its answer (a read-back after a lost one). */
const callAndSettle = async (
  deps: AppDeps,
  held: Held,
  ready: { piece: PublishPiece; publisher: Publisher },
  options: Options,
): Promise<PublishOutcome | 'again'> => {
  const { post } = held;
  const publishers = publishersOf(options);
  let published: Awaited<ReturnType<typeof ready.publisher.publish>>;
  try {
    published = await ready.publisher.publish(deps, { ...ready.piece, post: held.post });
  } catch (error) {
    // Anything but the platform's own clear answer (a bug, a broken connection mid-call) may have
    // published: it counts as an unknown outcome and is read back.
    const refusal =
      error instanceof PublishError
        ? error
        : new PublishError(
            'unknown_outcome',
            `The call ended unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
            { platform: post.platform, cause: error },
          );
    const step = await answerRefusal(deps, held, refusal, ready);
    if (step !== 'read_back') return step;
    const after = await loadScheduledPost(deps, post.id);
    if (after?.post.status !== 'publishing') return 'skipped';
    return readBack(deps, after, publishers, { settleMs: options.readBackSettleMs });
  }
  if (await settlePublished(deps, held, published, { outcome: 'published' }))
    await markContentPublished(deps, ready.piece.item);
  return 'published';
};
