/**
 * Spaces calls at least `minIntervalMs` apart, in the order they asked (Google's planning services
 * allow one request per second per developer token). In-process: several processes sharing a token
 * each keep their own pace, which README notes.
 */
export type Pacer = { turn: (signal?: AbortSignal) => Promise<void> };

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export const createPacer = (minIntervalMs: number, now: () => number = Date.now): Pacer => {
  let nextAt = 0;
  return {
    turn: async (signal) => {
      // The slot is taken at once (synchronously), so callers queue in the order they came.
      const at = Math.max(now(), nextAt);
      nextAt = at + minIntervalMs;
      await sleep(at - now(), signal);
    },
  };
};
