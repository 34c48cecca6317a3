import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { usedOAuthStates } from '../../../db/schema';
import { OAUTH_STATE_TTL_SECONDS } from './oauth-state';

/**
 * A used state's row outlives the state by this much: API processes whose clocks differ a little never
 * see a state still valid whose row another process already deleted.
 */
const CLOCK_MARGIN_MS = 5 * 60_000;

/** Only a hash is kept: a row read from the database cannot be replayed as a state. */
const hashOf = (state: string): string => createHash('sha256').update(state).digest('hex');

/**
 * Marks a verified OAuth `state` as used, in the database so that every API process sees it: true for
 * exactly one claim of a state, false for every other (INSERT … ON CONFLICT DO NOTHING RETURNING on the
 * hash, the primary key settling claims that race). A state lives at most OAUTH_STATE_TTL_SECONDS from
 * its signing, so its row can go after that; expired rows are deleted on the way (a range of the
 * expires_at index, and claims are rare: one per connection).
 */
export const claimOAuthState = async (db: DbOrTx, state: string, now: Date): Promise<boolean> => {
  await db.delete(usedOAuthStates).where(lt(usedOAuthStates.expiresAt, now));
  const claimed = await db
    .insert(usedOAuthStates)
    .values({
      stateHash: hashOf(state),
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000 + CLOCK_MARGIN_MS),
      usedAt: now,
    })
    .onConflictDoNothing()
    .returning({ stateHash: usedOAuthStates.stateHash });
  return claimed.length === 1;
};
