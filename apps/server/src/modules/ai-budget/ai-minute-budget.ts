import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { throttleCounters } from '../../db/schema';
import { rowsOf } from '../campaigns/sql-rows';

const WINDOW_MS = 60_000;

/**
 * Counts one model-backed request in the account's current minute (throttle_counters, shared by every API
 * process, like lib/throttle.ts) unless the minute already holds `limit`. The conditional upsert locks the
 * counter row, so racing requests at the last place never both pass, and a refused request takes no place.
 * Answers null when counted, else the seconds until the minute ends (Retry-After).
 */
export const countAiRequest = async (
  db: Db,
  request: { userId: string; limit: number; now: Date },
): Promise<number | null> => {
  const at = request.now.getTime();
  const windowStart = new Date(Math.floor(at / WINDOW_MS) * WINDOW_MS);
  const key = `ai-requests:${request.userId}`;
  const counted = rowsOf<{ hits: number }>(
    await db.execute(sql`
      insert into throttle_counters (key, window_start, hits)
      values (${key}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start)
      do update set hits = throttle_counters.hits + 1
      where throttle_counters.hits < ${request.limit}
      returning hits`),
  );
  const hits = Number(counted[0]?.hits ?? 0);
  if (hits === 1) {
    // A new minute for this account: the old ones are of no use any more.
    await db
      .delete(throttleCounters)
      .where(and(eq(throttleCounters.key, key), lt(throttleCounters.windowStart, windowStart)));
  }
  if (counted.length > 0) return null;
  return Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - at) / 1000));
};
