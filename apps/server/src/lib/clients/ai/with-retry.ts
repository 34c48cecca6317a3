import { AiAbortedError, type AiCallError, classifySdkError } from './ai-errors';
import { type CallLimits, startCallLimits } from './call-limits';

/** What one attempt tells the retry loop: once text has gone to the caller, a retry would repeat it. */
export type AttemptState = { sentText: boolean };

/** An error thrown by the caller's own callback (onDelta): passed on as it is, never retried. */
export class CallbackFailed extends Error {
  constructor(readonly original: unknown) {
    super('A callback of the caller failed');
  }
}

const RETRY_DELAY_MS = 250;
/** A Retry-After longer than this is not waited for: the person would rather have the offline draft. */
const MAX_RETRY_DELAY_MS = 2_000;

const pause = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AiAbortedError());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AiAbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Runs one request under its time limits and tries it once more after a transient failure (connection
 * error, time-out, 429, 5xx), unless text has already been streamed to the caller. Everything thrown is an
 * AiCallError (with a reason safe to log), an AiAbortedError, or the caller's own callback's error.
 */
export const withRetry = async <R>(
  limitsOf: { caller?: AbortSignal | undefined; firstChunkMs: number; idleMs?: number; overallMs?: number },
  attempt: (limits: CallLimits, state: AttemptState) => Promise<R>,
): Promise<R> => {
  for (let tries = 1; ; tries += 1) {
    if (limitsOf.caller?.aborted) throw new AiAbortedError();
    const limits = startCallLimits(limitsOf);
    const state: AttemptState = { sentText: false };
    let failure: AiCallError | AiAbortedError;
    try {
      return await attempt(limits, state);
    } catch (error) {
      if (error instanceof CallbackFailed) throw error.original;
      failure = limits.failure() ?? classifySdkError(error);
    } finally {
      limits.dispose();
    }
    if (failure instanceof AiAbortedError) throw failure;
    if (tries >= 2 || !failure.transient || state.sentText) throw failure;
    await pause(Math.min(failure.retryAfterMs ?? RETRY_DELAY_MS, MAX_RETRY_DELAY_MS), limitsOf.caller);
  }
};
