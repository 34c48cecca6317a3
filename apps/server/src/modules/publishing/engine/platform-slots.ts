import type { SocialPlatform } from '../../../db/schema';

/** How many platform calls one process makes at once: per platform, and per connected account. */
export type SlotLimits = { platforms: Record<SocialPlatform, number>; perAccount: number };

/**
 * The platform calls this process has in flight, and the calls waiting for room. A call starts when both
 * its platform and its account are under their limits; waiting calls start in the order they came, except
 * that one whose account is full lets a later one of another account go first (one busy account does not
 * hold up the rest of the minute).
 */
export type PlatformSlots = {
  /** Runs `call` once a slot is free; the slot is given back however the call ends. */
  run: <T>(platform: SocialPlatform, account: string, call: () => Promise<T>) => Promise<T>;
  /** Calls in flight on this platform now (all platforms without one). */
  inFlight: (platform?: SocialPlatform) => number;
};

type Waiter = { account: string; start: () => void };

export const createPlatformSlots = (limits: SlotLimits): PlatformSlots => {
  const running = new Map<SocialPlatform, number>();
  const perAccount = new Map<string, number>();
  const waiting = new Map<SocialPlatform, Waiter[]>();

  const hasRoom = (platform: SocialPlatform, account: string) =>
    (running.get(platform) ?? 0) < limits.platforms[platform] &&
    (perAccount.get(account) ?? 0) < limits.perAccount;

  const take = (platform: SocialPlatform, account: string) => {
    running.set(platform, (running.get(platform) ?? 0) + 1);
    perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
  };

  const giveBack = (platform: SocialPlatform, account: string) => {
    running.set(platform, (running.get(platform) ?? 1) - 1);
    const left = (perAccount.get(account) ?? 1) - 1;
    if (left > 0) perAccount.set(account, left);
    else perAccount.delete(account);
    // The freed slot goes to the first waiting call of this platform whose account has room.
    const queue = waiting.get(platform) ?? [];
    const next = queue.findIndex((waiter) => hasRoom(platform, waiter.account));
    if (next < 0) return;
    const [waiter] = queue.splice(next, 1);
    if (!waiter) return;
    take(platform, waiter.account);
    waiter.start();
  };

  return {
    run: async (platform, account, call) => {
      if (hasRoom(platform, account)) take(platform, account);
      else
        await new Promise<void>((resolve) => {
          const queue = waiting.get(platform) ?? [];
          queue.push({ account, start: resolve });
          waiting.set(platform, queue);
        });
      try {
        return await call();
      } finally {
        giveBack(platform, account);
      }
    },
    inFlight: (platform) =>
      platform ? (running.get(platform) ?? 0) : [...running.values()].reduce((sum, count) => sum + count, 0),
  };
};
