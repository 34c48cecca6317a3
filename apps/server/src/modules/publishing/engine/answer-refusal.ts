import type { AppDeps } from '../../../app-deps';
import type { PublishError } from '../../../lib/clients/publishing/types';
import { markReconnect } from '../../integrations/connections';
import type { Publisher, PublishPiece } from '../publisher';
import { queuePublish } from '../queue-publish';
import {
  type AttemptEnd,
  attemptsInDoubt,
  attemptsOf,
  finishAttempt,
  type Held,
  sinceLastEnd,
} from './attempts';
import { ENGINE, type PublishOutcome } from './engine-settings';
import { settleFailed, settleHeld, settlePaused } from './settle';
import { settlePublished } from './settle-published';
import { tellPublishFailed, tellPublishHeld } from './tell-user';

type Context = { piece: PublishPiece; publisher: Publisher };

const endOf = (error: PublishError, outcome: AttemptEnd['outcome']): AttemptEnd => ({
  outcome,
  errorKind: error.kind,
  errorCode: error.code ?? (error.status === undefined ? null : String(error.status)),
  message: error.message,
});

const pause = async (deps: AppDeps, held: Held, error: PublishError, seconds: number) => {
  const until = new Date(deps.clock.now().getTime() + seconds * 1000);
  // The job for the end of the pause is queued after the row says so: a crash in between leaves a due
  // `scheduled` post, which the sweep queues again.
  if (await settlePaused(deps, held, until, error.message, endOf(error, 'paused')))
    await queuePublish(deps, { id: held.post.id, at: until });
  return 'paused' as const;
};

const fail = async (deps: AppDeps, held: Held, error: PublishError) => {
  if (await settleFailed(deps, held, { kind: error.kind, reason: error.message }, endOf(error, 'failed')))
    await tellPublishFailed(deps, held.post, { reason: error.message, reconnect: error.needsReconnect });
  return 'failed' as const;
};

/**
 * A duplicate refusal after an earlier send of this post went unanswered is most likely that send: the
 * platform is asked, and what it shows is the published post. A duplicate with no send in doubt is
 * content the account already has from elsewhere: failed, with the platform's words.
 */
const answerDuplicate = async (
  deps: AppDeps,
  held: Held,
  error: PublishError,
  context: Context,
): Promise<PublishOutcome> => {
  const earlier = attemptsInDoubt(await attemptsOf(deps, held.post.id)).filter(
    (attempt) => attempt.id !== held.attempt.id,
  );
  const first = earlier[0];
  if (!first) return fail(deps, held, error);
  const ours = { outcome: 'found' as const, message: 'Refused as a duplicate of our own earlier attempt.' };
  const result = await context.publisher
    .lookFor(deps, context.piece, first.startedAt)
    .catch((lookupError: unknown) => ({
      cannotCheck: lookupError instanceof Error ? lookupError.message : String(lookupError),
    }));
  if ('found' in result) {
    await settlePublished(deps, held, result.found, ours);
    return 'published';
  }
  if ('notFound' in result) return fail(deps, held, error);
  // The platform names the post it already has, and only our unanswered send can have made it.
  if (error.duplicateOf) {
    await settlePublished(deps, held, { externalId: error.duplicateOf, url: '' }, ours);
    return 'published';
  }
  if (await settleHeld(deps, held, result.cannotCheck, endOf(error, 'held')))
    await tellPublishHeld(deps, held.post, result.cannotCheck);
  return 'held';
};

/**
 * What the engine does with a platform's refusal of a publish call:
 * - unknown_outcome → 'read_back' (the caller asks the platform before anything else);
 * - rate_limited, quota → paused until the platform's time (or a default), then tried again;
 * - unavailable → paused with growing waits, failed after ENGINE.UNAVAILABLE_RETRIES;
 * - duplicate → our own earlier post (published) or failed;
 * - auth_expired, revoked → failed, the account marked to reconnect, the user told;
 * - invalid → failed with the platform's reason, the user told.
 */
export const answerRefusal = async (
  deps: AppDeps,
  held: Held,
  error: PublishError,
  context: Context,
): Promise<PublishOutcome | 'read_back'> => {
  switch (error.kind) {
    case 'unknown_outcome': {
      await finishAttempt(deps.db, held.attempt, endOf(error, 'unknown'), deps.clock.now());
      return 'read_back';
    }
    case 'rate_limited':
      return pause(deps, held, error, error.retryAfterSeconds ?? ENGINE.RATE_LIMIT_DEFAULT_PAUSE_S);
    case 'quota':
      return pause(deps, held, error, error.retryAfterSeconds ?? ENGINE.QUOTA_DEFAULT_PAUSE_S);
    case 'unavailable': {
      const before = sinceLastEnd(await attemptsOf(deps, held.post.id)).filter(
        (attempt) => attempt.errorKind === 'unavailable' && attempt.outcome === 'paused',
      ).length;
      if (before >= ENGINE.UNAVAILABLE_RETRIES) return fail(deps, held, error);
      return pause(
        deps,
        held,
        error,
        error.retryAfterSeconds ?? ENGINE.UNAVAILABLE_FIRST_PAUSE_S * 2 ** before,
      );
    }
    case 'duplicate':
      return answerDuplicate(deps, held, error, context);
    case 'auth_expired':
    case 'revoked':
      if (held.post.connectionId) await markReconnect(deps, held.post.connectionId, error);
      return fail(deps, held, error);
    default:
      return fail(deps, held, error);
  }
};
