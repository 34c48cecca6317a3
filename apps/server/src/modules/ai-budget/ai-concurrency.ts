/**
 * Model-backed requests running now, per account, in this process. Each API process holds its own count
 * (docs/decisions/content-writing.md, "Model budget"): a request's slot lives as long as its connection,
 * which only this process sees end.
 */
export type AiConcurrency = {
  /** A slot for the account, or null when it already runs `limit` requests; release it once. */
  take: (userId: string) => (() => void) | null;
  running: (userId: string) => number;
};

export const createAiConcurrency = (limit: number): AiConcurrency => {
  const running = new Map<string, number>();
  return {
    take: (userId) => {
      const now = running.get(userId) ?? 0;
      if (now >= limit) return null;
      running.set(userId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      };
    },
    running: (userId) => running.get(userId) ?? 0,
  };
};
