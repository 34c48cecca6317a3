import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { type ScheduledPostRow, scheduledPosts } from '../../../db/schema';
import { PublishError } from '../../../lib/publishing/types';
import { queuePublish } from '../queue-publish';
import { answerRefusal } from './answer-refusal';
import { latestAttemptOf, takeForAttempt } from './attempts';
import { ENGINE, type EngineOptions, type PublishOutcome, publishersOf } from './engine-settings';
import { loadPiece } from './load-piece';
import { markContentPublished } from './mark-content-published';
import { readBack } from './read-back';
import { failBeforeAnyCall, settlePublished } from './settle';
import { tellPublishFailed } from './tell-user';

/** Publish, read back, publish again at most: each round ends settled or hands over to the next. */
const MAX_ROUNDS = 2 * ENGINE.UNKNOWN_OUTCOMES + 1;

export const findScheduledPost = async (deps: AppDeps, id: number): Promise<ScheduledPostRow | null> => {
  const [post] = await deps.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, id));
  return post ?? null;
};

/** Due at `now`: its minute has come and no pause holds it (within the queue's clock slack). */
export const dueBy = (now: Date): Date => new Date(now.getTime() + ENGINE.DUE_SLACK_MS);
const isDue = (post: ScheduledPostRow, now: Date): boolean => {
  const by = dueBy(now).getTime();
  return post.scheduledFor.getTime() <= by && (post.notBefore === null || post.notBefore.getTime() <= by);
};

/**
 * The publish-post job: publishes one scheduled post exactly once. Safe to run any number of times, from
 * any number of workers, at any time: a post that is not due (rescheduled later, paused), removed or
 * already settled is left alone; a post taken by another worker is left to it; a post left `publishing`
 * by a process that died is read back before anything else.
 */
export const publishScheduledPost = async (
  deps: AppDeps,
  id: number,
  options: EngineOptions & { readBackSettleMs?: number } = {},
): Promise<PublishOutcome> => {
  const publishers = publishersOf(options);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const post = await findScheduledPost(deps, id);
    if (!post) return 'skipped';
    const now = deps.clock.now();
    if (post.status === 'publishing') {
      if (post.notBefore && post.notBefore.getTime() > dueBy(now).getTime()) return 'skipped';
      const latest = await latestAttemptOf(deps, post.id);
      const running =
        latest !== null &&
        latest.finishedAt === null &&
        now.getTime() - latest.startedAt.getTime() < ENGINE.STALE_ATTEMPT_MS;
      if (running) {
        // Another worker's attempt, most likely alive; a check is queued for when it would count as dead.
        await queuePublish(deps, {
          id: post.id,
          at: new Date(latest.startedAt.getTime() + ENGINE.STALE_ATTEMPT_MS),
        });
        return 'busy';
      }
      const step = await readBack(deps, post, publishers, { settleMs: options.readBackSettleMs });
      if (step !== 'again') return step;
      continue;
    }
    if (post.status !== 'scheduled' || !isDue(post, now)) return 'skipped';
    const step = await publishOnce(deps, post, publishers, options);
    if (step !== 'again') return step;
  }
  return 'skipped';
};

/** One platform call for a due `scheduled` post: taken, written down, called, settled. */
const publishOnce = async (
  deps: AppDeps,
  post: ScheduledPostRow,
  publishers: ReturnType<typeof publishersOf>,
  options: { readBackSettleMs?: number },
): Promise<PublishOutcome | 'again'> => {
  const loaded = await loadPiece(deps, post, publishers);
  if ('cannot' in loaded) {
    if (await failBeforeAnyCall(deps, post, loaded.cannot))
      await tellPublishFailed(deps, post, loaded.cannot);
    return 'failed';
  }
  const held = await takeForAttempt(deps, post, 'publish', dueBy(deps.clock.now()));
  if (!held) return 'busy';
  let published: Awaited<ReturnType<typeof loaded.publisher.publish>>;
  try {
    published = await loaded.publisher.publish(deps, { ...loaded.piece, post: held.post });
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
    const step = await answerRefusal(deps, held, refusal, loaded);
    if (step !== 'read_back') return step;
    const after = await findScheduledPost(deps, post.id);
    if (after?.status !== 'publishing') return 'skipped';
    return readBack(deps, after, publishers, { settleMs: options.readBackSettleMs });
  }
  if (await settlePublished(deps, held, published, { outcome: 'published' }))
    await markContentPublished(deps, post.contentItemId);
  return 'published';
};
