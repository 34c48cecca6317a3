/**
 * Calls `save` once changes stop coming for `ms` (but at least every `maxMs` under a steady stream), so a
 * burst of calls costs one write; `close` writes a pending change at once. A save that fails
 * (a full disk) runs in a timer, where a throw would end the process: it is reported to `onError` and the
 * change stays pending, tried again after `maxMs`.
 */
export const debounced = (
  save: () => void,
  ms: number,
  { maxMs = ms * 8, onError }: { maxMs?: number; onError: (error: unknown) => void },
) => {
  let timer: NodeJS.Timeout | null = null;
  let firstPending = 0;
  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };
  function run() {
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      save();
      firstPending = 0;
    } catch (error) {
      onError(error);
      firstPending = Date.now();
      schedule(maxMs);
    }
  }
  return {
    changed: () => {
      const now = Date.now();
      if (!firstPending) firstPending = now;
      schedule(Math.max(0, Math.min(ms, firstPending + maxMs - now)));
    },
    /** Writes a pending change now, and stops: a save that fails here is reported, not tried again. */
    close: () => {
      const pending = timer !== null;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!pending) return;
      try {
        save();
      } catch (error) {
        onError(error);
      }
    },
  };
};
