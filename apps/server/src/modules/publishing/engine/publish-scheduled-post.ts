import type { AppDeps } from '../../../app-deps';
import type { ScheduledPostRow } from '../../../db/schema';
import { PublishError } from '../../../lib/clients/publishing/types';
import type { Publisher, PublishPiece } from '../publisher';
import { answerRefusal } from './answer-refusal';
import { type Held, latestAttemptOf, takeForPublish } from './attempts';
import { ENGINE, type EngineOptions, type PublishOutcome, publishersOf, slotsOf } from './engine-settings';
import { holdLease, leaseEndOf, stillLeased } from './leases';
import { type LoadedPost, loadScheduledPost, loadScheduledPosts, pieceOf } from './load-piece';
import { readBack } from './read-back';
import { failBeforeAnyCall } from './settle';
import { settlePublished } from './settle-published';
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
type Step = PublishOutcome | 'again';

/**
 * The publish-post jobs of one fetch: publishes each scheduled post exactly once. Safe to run any number of
 * times, from any number of workers, at any time: a post that is not due (rescheduled later, paused),
 * removed or already settled is left alone; a post taken by another worker is left to it; a post left
 * `publishing` by a process that died is read back before anything else.
 *
 * The posts due are read in one statement and taken in one more, then called side by side within the
 * platforms' slots (slotsOf) and settled together (settle-published.ts), so a minute with 1,000 posts due
 * costs a few statements per batch rather than several per post. What is rare (a read-back, a refusal, a
 * post that cannot be tried) goes post by post. Answers each post's outcome. Every post is seen through
 * before a failure (a database error) is thrown, so no call is left running unowned.
 */
export const publishScheduledPosts = async (
  deps: AppDeps,
  ids: number[],
  options: Options = {},
): Promise<Map<number, PublishOutcome>> => {
  const unique = [...new Set(ids)];
  const outcomes = new Map<number, PublishOutcome>();
  const loaded = await loadScheduledPosts(deps, unique);
  const now = deps.clock.now();
  const due: LoadedPost[] = [];
  const work: Promise<void>[] = [];
  for (const id of unique) {
    const one = loaded.get(id);
    if (one?.post.status === 'scheduled' && isDue(one.post, now)) due.push(one);
    else if (one?.post.status === 'publishing')
      work.push(roundsFor(deps, id, settleInDoubt(deps, one, options), options, outcomes));
    else outcomes.set(id, 'skipped');
  }
  // The posts in doubt are already being read back: a failed take waits for them before it is thrown.
  const taking = await Promise.allSettled([publishDue(deps, due, options)]);
  const [taken] = taking;
  if (taken?.status === 'fulfilled')
    for (const [id, step] of taken.value) work.push(roundsFor(deps, id, step, options, outcomes));
  const results = [...taking, ...(await Promise.allSettled(work))];
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes;
};

/** The publish-post job of one post (the batch of one). */
export const publishScheduledPost = async (
  deps: AppDeps,
  id: number,
  options: Options = {},
): Promise<PublishOutcome> => (await publishScheduledPosts(deps, [id], options)).get(id) ?? 'skipped';

/**
 * A post's first round (already under way), then as many more as it needs: after a read-back that found
 * nothing the post is `scheduled` again and published in the same job.
 */
const roundsFor = async (
  deps: AppDeps,
  id: number,
  first: Promise<Step>,
  options: Options,
  outcomes: Map<number, PublishOutcome>,
): Promise<void> => {
  let step = await first;
  for (let round = 1; step === 'again' && round < MAX_ROUNDS; round++) {
    const loaded = await loadScheduledPost(deps, id);
    if (!loaded) step = 'skipped';
    else if (loaded.post.status === 'publishing') step = await settleInDoubt(deps, loaded, options);
    else if (loaded.post.status === 'scheduled' && isDue(loaded.post, deps.clock.now()))
      step = await ((await publishDue(deps, [loaded], options)).get(id) ?? 'skipped');
    else step = 'skipped';
  }
  // Still unsettled after every round (each send lost, each read-back "not there" yet under the limit):
  // the sweep or its pause job takes it up again.
  outcomes.set(id, step === 'again' ? 'skipped' : step);
};

/**
 * A `publishing` post: an attempt whose lease is running belongs to a live worker and is left to it (should
 * that worker die, the recovery tick finds the lease ended within seconds); otherwise the platform is read
 * back before anything else.
 */
const settleInDoubt = async (deps: AppDeps, loaded: LoadedPost, options: Options): Promise<Step> => {
  const { post } = loaded;
  const now = deps.clock.now();
  if (post.notBefore && post.notBefore.getTime() > dueBy(now).getTime()) return 'skipped';
  const latest = await latestAttemptOf(deps, post.id);
  if (latest !== null && latest.finishedAt === null && leaseEndOf(latest).getTime() > now.getTime())
    return 'busy';
  return readBack(deps, loaded, publishersOf(options), {
    settleMs: options.readBackSettleMs,
    slots: slotsOf(deps, options),
  });
};

/**
 * Due `scheduled` posts: those that cannot be tried fail at once; the rest are taken together (one
 * statement) and each is called and settled. Answers each post's step, still running.
 */
const publishDue = async (
  deps: AppDeps,
  posts: LoadedPost[],
  options: Options,
): Promise<Map<number, Promise<Step>>> => {
  const steps = new Map<number, Promise<Step>>();
  const publishers = publishersOf(options);
  const ready: { piece: PublishPiece; publisher: Publisher }[] = [];
  for (const loaded of posts) {
    const one = pieceOf(deps, loaded, publishers);
    if ('piece' in one) ready.push(one);
    else steps.set(loaded.post.id, cannotBeTried(deps, loaded.post, one.cannot));
  }
  const taken = await takeForPublish(
    deps,
    ready.map((one) => one.piece.post),
    dueBy(deps.clock.now()),
  );
  for (const one of ready) {
    const held = taken.get(one.piece.post.id);
    steps.set(one.piece.post.id, held ? publishHeld(deps, held, one, options) : Promise.resolve('busy'));
  }
  return steps;
};

const cannotBeTried = async (
  deps: AppDeps,
  post: ScheduledPostRow,
  cannot: { kind: string; reason: string; reconnect: boolean },
): Promise<Step> => {
  if (await failBeforeAnyCall(deps, post, cannot)) await tellPublishFailed(deps, post, cannot);
  return 'failed';
};

/** A taken post, under its lease from the moment it was taken until its call has settled. */
const publishHeld = async (
  deps: AppDeps,
  held: Held,
  ready: { piece: PublishPiece; publisher: Publisher },
  options: Options,
): Promise<Step> => {
  const release = holdLease(deps, held.attempt);
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
): Promise<Step> => {
  const { post } = held;
  const account = post.connectionId ?? `${post.platform} ${post.targetAccountId}`;
  let published: Awaited<ReturnType<typeof ready.publisher.publish>> | 'lease lost';
  try {
    published = await slotsOf(deps, options).run(post.platform, account, async () =>
      // The post may have waited for its slot: called only while its lease is surely still ours. Else
      // it is left `publishing` with its attempt open, and read back once the lease has ended (the
      // platform never had it, so it is then published by whoever reads it back).
      stillLeased(deps, held.attempt.id)
        ? ready.publisher.publish(deps, { ...ready.piece, post: held.post })
        : ('lease lost' as const),
    );
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
    return readBack(deps, after, publishersOf(options), {
      settleMs: options.readBackSettleMs,
      slots: slotsOf(deps, options),
    });
  }
  if (published === 'lease lost') return 'busy';
  await settlePublished(deps, held, published, { outcome: 'published' });
  return 'published';
};
