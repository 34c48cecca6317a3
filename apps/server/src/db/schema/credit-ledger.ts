import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Append-only: a user's balance is the sum of their entries. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_id_idx').on(table.userId),
    // The sign-up grant is given once per account, however often verification is attempted.
    uniqueIndex('credit_ledger_signup_grant_key')
      .on(table.userId)
      .where(sql`${table.reason} = 'signup_grant'`),
  ],
);
