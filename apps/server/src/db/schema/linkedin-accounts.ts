import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's LinkedIn session. The cookies are sealed with the vault key (AES-256-GCM) and never leave
 * the server; `status` says whether the engine may use the session now.
 */
export const linkedinAccounts = pgTable('linkedin_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  liAtSealed: text('li_at_sealed').notNull(),
  jsessionIdSealed: text('jsessionid_sealed'),
  profileUrn: text('profile_urn').notNull(),
  publicIdentifier: text('public_identifier').notNull(),
  memberName: text('member_name').notNull(),
  status: text('status', { enum: ['active', 'expired', 'throttled', 'challenge'] })
    .notNull()
    .default('active'),
  statusReason: text('status_reason'),
  /** Throttled or challenged accounts rest until then. */
  backoffUntil: timestamp('backoff_until', { withTimezone: true }),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull().defaultNow(),
  /** The engine's next action on this account waits until then (randomised spacing between actions). */
  nextActionAt: timestamp('next_action_at', { withTimezone: true }),
  /** A runner holds the account until then: one runner per account, whichever process it is in. */
  engineLeaseUntil: timestamp('engine_lease_until', { withTimezone: true }),
  /**
   * Which runner holds the lease (a token of its own): it renews and releases only its own lease, and
   * a lease past `engine_lease_until` that was never released tells that its holder died.
   */
  engineLeaseHolder: text('engine_lease_holder'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LinkedInAccountRow = typeof linkedinAccounts.$inferSelect;
