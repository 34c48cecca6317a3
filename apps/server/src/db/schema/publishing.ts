import { NOTICE_KINDS } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contentItems } from './content';
import { socialConnections } from './social-connections';
import { users } from './users';

/**
 * - scheduled: waits for its minute (or for `not_before`, when a platform's rate limit or quota paused it).
 * - publishing: an attempt is recorded and may be with the platform right now; whoever finds it so after a
 *   crash reads the platform back before doing anything else.
 * - published: the platform holds it (`external_id`, `external_url`).
 * - failed: the platform refused it or the account must be reconnected (`failure_kind`, `failure_reason`);
 *   the user may retry.
 * - held: the outcome is unknown and the platform cannot be read back; a person decides (never replayed blindly).
 */
export const SCHEDULED_POST_STATES = ['scheduled', 'publishing', 'published', 'failed', 'held'] as const;
export type ScheduledPostState = (typeof SCHEDULED_POST_STATES)[number];

/**
 * One content item going to one connected account at one instant (UTC): the unit the publishing engine
 * publishes exactly once. A social post for Facebook and Instagram is two rows.
 */
export const scheduledPosts = pgTable(
  'scheduled_posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentItemId: bigint('content_item_id', { mode: 'number' })
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    /** null once the account is unlinked (the row stays for the calendar and the audit log). */
    connectionId: uuid('connection_id').references(() => socialConnections.id, { onDelete: 'set null' }),
    platform: text('platform', { enum: ['linkedin', 'facebook', 'instagram', 'wordpress'] }).notNull(),
    /**
     * The platform's own id of the account it goes to (its connection's `external_id`), kept when an unlink
     * nulls `connection_id`, so connecting the same account again gives the post back to it
     * (modules/integrations/reattach-posts.ts). null only for rows orphaned before the column existed.
     */
    targetAccountId: text('target_account_id'),
    /** The account's name when it was scheduled ("Sandbox Coffee Roasters", the WordPress site…). */
    targetName: text('target_name').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    status: text('status', { enum: SCHEDULED_POST_STATES }).notNull().default('scheduled'),
    /**
     * Our own mark on the post, sent with it where the platform keeps it exactly (a WordPress post's
     * content, as an HTML comment), so a read-back after a lost answer or a crash finds our post by it
     * and never by a title or date the platform may store differently.
     */
    publishRef: uuid('publish_ref').notNull().defaultRandom(),
    /** Attempts made so far (publish calls and read-backs), as in publish_attempts. */
    attempts: integer('attempts').notNull().default(0),
    /** Paused by a rate limit or quota: not tried again before this instant. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** Why it is paused, in the platform's words (shown on the calendar). */
    pausedReason: text('paused_reason'),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    /** A PublishErrorKind, or `unlinked` / `content_missing` for what fails before any platform call. */
    failureKind: text('failure_kind'),
    failureReason: text('failure_reason'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The calendar pages a user's range on this index.
    index('scheduled_posts_user_time_idx').on(table.userId, table.scheduledFor),
    // The sweep looks at what waits or is in flight only.
    index('scheduled_posts_due_idx')
      .on(table.scheduledFor)
      .where(sql`${table.status} in ('scheduled', 'publishing')`),
    // The same content goes to an account once (reschedule moves it).
    uniqueIndex('scheduled_posts_item_connection_key').on(table.contentItemId, table.connectionId),
    index('scheduled_posts_item_idx').on(table.contentItemId),
    // The Content tab's published posts, newest first, and the figures job's posts of the last days.
    index('scheduled_posts_user_published_idx')
      .on(table.userId, table.publishedAt, table.id)
      .where(sql`${table.status} = 'published'`),
    index('scheduled_posts_published_idx').on(table.publishedAt).where(sql`${table.status} = 'published'`),
    // Connecting an account looks up the user's posts it lost by an unlink: only orphans, so it stays small.
    index('scheduled_posts_orphans_idx')
      .on(table.userId, table.platform, table.targetAccountId)
      .where(sql`${table.connectionId} is null`),
  ],
);
export type ScheduledPostRow = typeof scheduledPosts.$inferSelect;

/**
 * The audit log: every attempt, written before the platform call (`finished_at` null while it runs) and
 * completed with its outcome, so a crash leaves a record that says "ask the platform first".
 * - action: publish (the platform call) or read_back (asking the platform whether an earlier call worked).
 * - outcome: published | found | not_found | failed | paused | unknown | held.
 */
export const publishAttempts = pgTable(
  'publish_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduledPostId: bigint('scheduled_post_id', { mode: 'number' })
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    action: text('action', { enum: ['publish', 'read_back'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome', {
      enum: ['published', 'found', 'not_found', 'failed', 'paused', 'unknown', 'held'],
    }),
    errorKind: text('error_kind'),
    errorCode: text('error_code'),
    message: text('message'),
    externalId: text('external_id'),
    /**
     * While it runs: the attempt belongs to a live process until this instant, which the process renews;
     * past it (or at once on the embedded database, whose data-directory lock proves every earlier process
     * dead) the attempt is in doubt and is read back.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (table) => [
    // The lease sweep looks at running attempts only.
    index('publish_attempts_running_idx').on(table.leaseUntil).where(sql`${table.finishedAt} is null`),
    uniqueIndex('publish_attempts_post_number_key').on(table.scheduledPostId, table.number),
  ],
);
export type PublishAttemptRow = typeof publishAttempts.$inferSelect;

/**
 * In-app notices (the bell): a post that failed, an account to reconnect, a token about to end. Also
 * e-mailed when they need the user.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path that shows what it is about (/schedule?post=12, /integrations). */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notices_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
export type NoticeRow = typeof notices.$inferSelect;
