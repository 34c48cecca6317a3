import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIST_STATES, lists } from './leads';
import { linkedinAccounts } from './linkedin-accounts';
import { users } from './users';

export const LEAD_IMPORT_METHODS = [
  'search',
  'group_members',
  'post_reactors',
  'profile_network',
  'event_attendees',
] as const;
export type LeadImportMethod = (typeof LEAD_IMPORT_METHODS)[number];
export type LeadImportOptions = {
  reactions?: boolean;
  comments?: boolean;
  connections?: boolean;
  followers?: boolean;
};

/**
 * An import of LinkedIn people (a search, or the audience of a group, post, profile or event) into a list. `next_start` is where the next page begins, so a
 * job that is retried after a crash goes on where it stopped instead of starting over.
 */
export const searchImports = pgTable(
  'search_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    /** Where the people come from: a people search, or the audience of a group, post, profile or event. */
    method: text('method', { enum: LEAD_IMPORT_METHODS }).notNull().default('search'),
    /** The LinkedIn address the user gave: the search URL, or the group, post, profile or event page. */
    searchUrl: text('search_url').notNull(),
    /** The method's checkboxes (reactions/comments of a post, connections/followers of a profile). */
    options: jsonb('options').$type<LeadImportOptions>().notNull().default({}),
    /** Which of the method's lists (`sources`) is being read; `next_start` is the place within it. */
    phase: integer('phase').notNull().default(0),
    /** Whether the import created its list (a failure then leaves it as "Error"), and the state to restore. */
    listCreated: boolean('list_created').notNull(),
    listStatusBefore: text('list_status_before', { enum: LIST_STATES }).notNull(),
    state: text('state', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    nextStart: integer('next_start').notNull().default(0),
    total: integer('total'),
    found: integer('found').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // One automation per LinkedIn account at a time.
    uniqueIndex('search_imports_running_account_key')
      .on(table.accountId)
      .where(sql`${table.state} = 'running'`),
    index('search_imports_list_idx').on(table.listId),
  ],
);

export type SearchImportRow = typeof searchImports.$inferSelect;
