import { AiAbortedError } from '../ai-errors';

export type GenerationQueue = {
  /**
   * Runs `work` when every call queued before it has finished: first in, first out, one at a time. A
   * caller whose signal aborts while it waits leaves the queue at once with an AiAbortedError.
   */
  run: <T>(
    signal: AbortSignal | undefined,
    work: () => Promise<T>,
    /**
     * Told when the call has to wait, each time it moves up (the calls ahead of it, 1: it is next), and
     * 0 when its turn comes, just before its work starts, so a caller can clear its "waiting" note then
     * rather than at its first token. A call that never waited is told nothing.
     */
    onWaiting?: (ahead: number) => void,
  ) => Promise<T>;
  /** Calls waiting for their turn, not counting the one running. */
  waiting: () => number;
  /** Whether a call is running. */
  busy: () => boolean;
  /** Told each time the queue becomes empty and idle (the idle unload starts its clock then). */
  onIdle: (listener: () => void) => void;
};

type Waiter = { start: () => void; abandoned: boolean; onWaiting: ((ahead: number) => void) | undefined };

/**
 * The one-at-a-time queue in front of a loaded model. llama.cpp could run several sequences in one
 * context, but on a laptop's CPU two generations at once each run at about half speed and both hold their
 * memory: one at a time gives the first caller its answer in half the time and keeps memory to one
 * context. The queue is a plain array of waiters because it must also say how many wait (the user's
 * place is shown) and drop a waiter whose caller has gone, without running it.
 */
export const createGenerationQueue = (): GenerationQueue => {
  const waiters: Waiter[] = [];
  let running = false;
  const idleListeners: (() => void)[] = [];

  /**
   * Tells one waiter its place. A caller's callback that throws is its own failure and must not stop the
   * queue: thrown from `next`, it would leave the model held with nobody running and every waiter stuck.
   */
  const tell = (waiter: Waiter, ahead: number): void => {
    try {
      waiter.onWaiting?.(ahead);
    } catch {
      // Nothing to undo: the place is only news for the caller.
    }
  };

  /** The places of the waiters from `from` on (theirs moved up): the one running, then those before each. */
  const tellPlaces = (from = 0): void => {
    for (const [index, waiter] of waiters.entries()) if (index >= from) tell(waiter, index + 1);
  };

  const next = (): void => {
    running = false;
    while (waiters.length > 0) {
      const waiter = waiters.shift() as Waiter;
      if (waiter.abandoned) continue;
      running = true;
      tell(waiter, 0);
      waiter.start();
      tellPlaces();
      return;
    }
    for (const listener of idleListeners) listener();
  };

  const run = <T>(
    signal: AbortSignal | undefined,
    work: () => Promise<T>,
    onWaiting?: (ahead: number) => void,
  ): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(new AiAbortedError());
      const waiter: Waiter = { start: () => {}, abandoned: false, onWaiting };
      const onAbort = (): void => {
        waiter.abandoned = true;
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        reject(new AiAbortedError());
        if (index >= 0) tellPlaces(index);
      };
      waiter.start = () => {
        signal?.removeEventListener('abort', onAbort);
        work().then(resolve, reject).finally(next);
      };
      if (!running) {
        running = true;
        waiter.start();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.push(waiter);
      tell(waiter, waiters.length);
    });

  return {
    run,
    waiting: () => waiters.length,
    busy: () => running,
    onIdle: (listener) => {
      idleListeners.push(listener);
    },
  };
};
