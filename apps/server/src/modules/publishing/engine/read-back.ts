import type { AppDeps } from '../../../app-deps';
import type { ScheduledPostRow } from '../../../db/schema';
import { isPublishError } from '../../../lib/clients/publishing/types';
import { markReconnect } from '../../integrations/connections';
import type { Publisher } from '../publisher';
import { queuePublish } from '../queue-publish';
import { attemptsInDoubt, attemptsOf, type Held, sinceLastEnd, takeForReadBack } from './attempts';
import { ENGINE, type PublishOutcome } from './engine-settings';
import { holdLease } from './leases';
import { type LoadedPost, pieceOf } from './load-piece';
import type { PlatformSlots } from './platform-slots';
import { settleHeld, settleNotFound, settlePaused } from './settle';
import { settlePublished } from './settle-published';
import { tellPublishHeld } from './tell-user';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `slots`: the platform calls' slots the read-back's call takes, as a publish call does (none: no limit). */
type ReadBackOptions = { settleMs?: number; slots?: PlatformSlots };

/**
 * A post whose last publish attempt has no known outcome (the answer was lost, or the process died while
 * waiting for it): the platform is asked before anything else. Found → published; surely not there →
 * `scheduled` again ('again': the caller may publish it); cannot be asked → held for the user. Answers
 * 'busy' when another worker took it first.
 */
export const readBack = async (
  deps: AppDeps,
  loaded: LoadedPost,
  publishers: Partial<Record<ScheduledPostRow['platform'], Publisher>>,
  options: ReadBackOptions = {},
): Promise<PublishOutcome | 'again'> => {
  const { post } = loaded;
  const held = await takeForReadBack(deps, post);
  if (!held) return 'busy';
  const release = holdLease(deps, held.attempt);
  try {
    return await askPlatform(deps, loaded, held, publishers, options);
  } finally {
    release();
  }
};

/** The read-back itself, for a post taken with its read_back attempt (and that attempt's lease). */
const askPlatform = async (
  deps: AppDeps,
  loaded: LoadedPost,
  held: Held,
  publishers: Partial<Record<ScheduledPostRow['platform'], Publisher>>,
  options: ReadBackOptions,
): Promise<PublishOutcome | 'again'> => {
  const { post } = loaded;
  const history = await attemptsOf(deps, post.id);
  const inDoubt = attemptsInDoubt(history);
  // From the first send in doubt: a post that appears late is still found.
  const firstInDoubt = inDoubt[0];
  if (!firstInDoubt) {
    // Nothing was ever sent (or every send was answered): there is nothing to look for.
    await settleNotFound(deps, held);
    return 'again';
  }
  const ready = pieceOf(deps, { ...loaded, post: held.post }, publishers);
  if ('cannot' in ready) {
    const reason = `the platform cannot be asked: ${ready.cannot.reason}`;
    if (await settleHeld(deps, held, reason, { outcome: 'held', message: ready.cannot.reason }))
      await tellPublishHeld(deps, held.post, ready.cannot.reason);
    return 'held';
  }
  if ((options.settleMs ?? ENGINE.READ_BACK_SETTLE_MS) > 0)
    await sleep(options.settleMs ?? ENGINE.READ_BACK_SETTLE_MS);
  try {
    const lookFor = () => ready.publisher.lookFor(deps, ready.piece, firstInDoubt.startedAt);
    const account = post.connectionId ?? `${post.platform} ${post.targetAccountId}`;
    const result = await (options.slots ? options.slots.run(post.platform, account, lookFor) : lookFor());
    if ('found' in result) {
      await settlePublished(deps, held, result.found, {
        outcome: 'found',
        message: 'Read back: the platform has the post.',
      });
      return 'published';
    }
    if ('cannotCheck' in result) {
      if (await settleHeld(deps, held, result.cannotCheck, { outcome: 'held', message: result.cannotCheck }))
        await tellPublishHeld(deps, held.post, result.cannotCheck);
      return 'held';
    }
    // Not there. Answers lost again and again (each read back as absent) are not replayed forever.
    const unanswered = attemptsInDoubt(sinceLastEnd(history)).length;
    if (unanswered >= ENGINE.UNKNOWN_OUTCOMES) {
      const reason = `${unanswered} attempts went unanswered and the platform does not show the post.`;
      if (await settleHeld(deps, held, reason, { outcome: 'held', message: reason }))
        await tellPublishHeld(deps, held.post, reason);
      return 'held';
    }
    await settleNotFound(deps, held);
    return 'again';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const end = {
      outcome: 'failed' as const,
      message,
      ...(isPublishError(error) ? { errorKind: error.kind, errorCode: error.code ?? null } : {}),
    };
    const failedReadBacks = sinceLastEnd(history).filter(
      (attempt) => attempt.action === 'read_back' && attempt.outcome === 'failed',
    ).length;
    // A platform that is down or limiting us is asked again later; the post stays `publishing`.
    if (isPublishError(error) && error.retryable && failedReadBacks + 1 < ENGINE.READ_BACK_FAILURES) {
      const seconds = error.retryAfterSeconds ?? ENGINE.UNAVAILABLE_FIRST_PAUSE_S * 2 ** failedReadBacks;
      const until = new Date(deps.clock.now().getTime() + seconds * 1000);
      if (await settlePaused(deps, held, until, `Checking whether it was published: ${message}`, end))
        await queuePublish(deps, { id: post.id, at: until });
      return 'paused';
    }
    if (isPublishError(error) && error.needsReconnect && held.post.connectionId)
      await markReconnect(deps, held.post.connectionId, error);
    const reason = `checking whether it was published failed: ${message}`;
    if (await settleHeld(deps, held, reason, end)) await tellPublishHeld(deps, held.post, message);
    return 'held';
  }
};
