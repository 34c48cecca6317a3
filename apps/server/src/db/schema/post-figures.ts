import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { scheduledPosts } from './publishing';
import { users } from './users';

/** The networks whose APIs give a published post's own figures (WordPress does not). */
export const FIGURE_NETWORKS = ['linkedin', 'facebook', 'instagram'] as const;
export type FigureNetwork = (typeof FIGURE_NETWORKS)[number];

/**
 * A published post's figures as its platform counts them (views, reach, reactions…), one row per metric
 * per post, written again at each read (upserted on the post and metric): `source` names the API, its
 * version and the endpoint; `figure_date` is the instant the platform says the value is as of (the read's
 * time when it says none); `fetched_at` when we read it.
 */
export const postFigures = pgTable(
  'post_figures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduledPostId: bigint('scheduled_post_id', { mode: 'number' })
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: 'cascade' }),
    network: text('network', { enum: FIGURE_NETWORKS }).notNull(),
    /** Our name: views, reach, reactions, comments, shares, saves. */
    metric: text('metric').notNull(),
    /** The platform's own (post_media_view, views, IMPRESSION…). */
    platformMetric: text('platform_metric').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    figureDate: timestamp('figure_date', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('post_figures_post_metric_key').on(table.scheduledPostId, table.metric)],
);
export type PostFigureRow = typeof postFigures.$inferSelect;

/**
 * - measured: the platform gave the post's figures.
 * - not_permitted: the connection was not granted what the figures need ("not available with the granted
 *   permissions"); looked at again after a reconnect.
 * - post_gone: the platform no longer has the post; never read again.
 * - reconnect: the token expired or was withdrawn; read again once the account is connected anew.
 * - failed: the platform refused or failed this time; read again at the next turn.
 */
export const FIGURE_CHECK_STATES = ['measured', 'not_permitted', 'post_gone', 'reconnect', 'failed'] as const;
export type FigureCheckState = (typeof FIGURE_CHECK_STATES)[number];

/**
 * The last figures read of each published post: how it went and when the post is due again (null: never,
 * the post is gone or past the window). The job reads posts due by this, a post with no row being due.
 */
export const postFigureChecks = pgTable(
  'post_figure_checks',
  {
    scheduledPostId: bigint('scheduled_post_id', { mode: 'number' })
      .primaryKey()
      .references(() => scheduledPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: FIGURE_CHECK_STATES }).notNull(),
    /** The platform's words (or ours) for a state other than measured. */
    reason: text('reason'),
    source: text('source'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  },
  (table) => [
    index('post_figure_checks_due_idx').on(table.nextCheckAt).where(sql`${table.nextCheckAt} is not null`),
  ],
);
export type PostFigureCheckRow = typeof postFigureChecks.$inferSelect;
