import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The company profile read from the user's website, kept for later content writing. */
export const websites = pgTable('websites', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  finalUrl: text('final_url').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
  headings: jsonb('headings').$type<string[]>().notNull().default([]),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
