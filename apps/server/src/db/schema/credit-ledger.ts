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
    /** The admin who granted or removed these credits by hand (reason 'admin_adjustment'). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Free text: the admin's reason for an adjustment. */
    note: text('note'),
    /** What the entry pays for or comes from (a checkout session, an invoice): at most one entry each. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_id_idx').on(table.userId),
    // The sign-up grant is given once per account, however often verification is attempted.
    uniqueIndex('credit_ledger_signup_grant_key')
      .on(table.userId)
      .where(sql`${table.reason} = 'signup_grant'`),
    uniqueIndex('credit_ledger_reference_key')
      .on(table.reason, table.reference)
      .where(sql`${table.reference} is not null`),
  ],
);
