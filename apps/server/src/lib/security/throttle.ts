import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { throttleCounters } from '../../db/schema';
import { tooManyRequests } from '../core/app-error';
import type { Clock } from '../core/clock';

export type ThrottleRule = { name: string; limit: number; windowSeconds: number };

/** The attempt limits of the account calls, per account and per address. */
export const THROTTLE = {
  loginPerAccount: { name: 'login:account', limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { name: 'login:address', limit: 50, windowSeconds: 15 * 60 },
  registerPerAddress: { name: 'register:address', limit: 20, windowSeconds: 60 * 60 },
  otpPerAddress: { name: 'otp:address', limit: 30, windowSeconds: 15 * 60 },
  otpSendPerAccount: { name: 'otp-send:account', limit: 5, windowSeconds: 60 * 60 },
  resetPerAccount: { name: 'reset:account', limit: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { name: 'reset:address', limit: 20, windowSeconds: 60 * 60 },
  passwordChangePerAccount: { name: 'password-change:account', limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, ThrottleRule>;

/**
 * Counts one attempt against `rule` for `subject` and refuses (429 with Retry-After) once the window's
 * limit is passed. The counter lives in the database so several API processes share it.
 */
export const hitThrottle = async (
  db: Db,
  clock: Clock,
  rule: ThrottleRule,
  subject: string,
): Promise<void> => {
  const now = clock.now().getTime();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const key = `${rule.name}:${subject}`;
  const [row] = await db
    .insert(throttleCounters)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [throttleCounters.key, throttleCounters.windowStart],
      set: { hits: sql`${throttleCounters.hits} + 1` },
    })
    .returning({ hits: throttleCounters.hits });
  if ((row?.hits ?? 0) === 1) {
    // A new window for this key: the old ones are of no use any more.
    await db
      .delete(throttleCounters)
      .where(and(eq(throttleCounters.key, key), lt(throttleCounters.windowStart, windowStart)));
  }
  if ((row?.hits ?? 0) > rule.limit) {
    throw tooManyRequests((windowStart.getTime() + windowMs - now) / 1000);
  }
};

/**
 * Takes back one attempt counted by hitThrottle in the current window: for attempts that turned out to
 * be legitimate (a correct password), so the limit counts failures only while every attempt still takes
 * its place before it is checked (parallel guesses cannot slip past the limit).
 */
export const giveBackThrottleHit = async (
  db: Db,
  clock: Clock,
  rule: ThrottleRule,
  subject: string,
): Promise<void> => {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(clock.now().getTime() / windowMs) * windowMs);
  await db
    .update(throttleCounters)
    .set({ hits: sql`greatest(${throttleCounters.hits} - 1, 0)` })
    .where(
      and(eq(throttleCounters.key, `${rule.name}:${subject}`), eq(throttleCounters.windowStart, windowStart)),
    );
};
