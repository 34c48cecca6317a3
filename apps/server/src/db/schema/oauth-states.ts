import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * OAuth `state` values already used by a callback, kept until they expire: in the database so that with
 * several API processes a state is still used once (the primary key lets exactly one claim through).
 * Only a hash of the state is kept.
 */
export const usedOAuthStates = pgTable(
  'used_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('used_oauth_states_expires_idx').on(table.expiresAt)],
);
