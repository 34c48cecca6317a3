import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Stored list states; the answers show them in the spec's words (modules/leads/list-view.ts). */
export const LIST_STATES = ['importing', 'error', 'ready', 'in_campaign'] as const;
export type ListState = (typeof LIST_STATES)[number];

/**
 * A user's list of leads. `lead_count` is kept in the same transaction as every insert and delete of its
 * leads, so no page ever counts leads; a user's lead total is the sum over their lists.
 */
export const lists = pgTable(
  'lists',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: LIST_STATES }).notNull().default('ready'),
    /** Tooltip on the status: the reason of an error. Import progress comes from import_jobs. */
    message: text('message').notNull().default(''),
    leadCount: integer('lead_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lists_user_name_key').on(table.userId, sql`lower(${table.name})`),
    index('lists_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
  ],
);
export type ListRow = typeof lists.$inferSelect;

/**
 * One person in one list, unique per list on the normalised LinkedIn URL. `user_id` is the list's owner,
 * copied so a user's leads page by an index; it needs no foreign key (the list's cascade removes leads).
 * The primary key is (user_id, id): it is the index all_leads pages on, and with no index on id alone
 * the planner cannot wander off along another user's newer ids. Rows referring to a lead carry its
 * owner too (a composite foreign key), which also keeps them with the same user.
 */
export const leads = pgTable(
  'leads',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    headline: text('headline').notNull().default(''),
    location: text('location').notNull().default(''),
    company: text('company').notNull().default(''),
    connectionDegree: text('connection_degree').notNull().default(''),
    source: text('source').notNull(),
    linkedinUrl: text('linkedin_url').notNull(),
    profileImageUrl: text('profile_image_url'),
    isSelected: boolean('is_selected').notNull().default(false),
    /**
     * The work e-mail an e-mail finder found (Find Email), with the provider's confidence (0–100), the
     * verifier's status (valid, invalid, accept_all, webmail, disposable, unknown), the provider's name and
     * when it was asked. All five are written together in one statement, or none: a lead is never left
     * with an address and no verification. `email` stays null after a lookup that found nobody
     * (`email_checked_at` then says it was tried).
     */
    email: text('email'),
    emailConfidence: integer('email_confidence'),
    emailStatus: text('email_status'),
    emailProvider: text('email_provider'),
    emailCheckedAt: timestamp('email_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'leads_pkey', columns: [table.userId, table.id] }),
    uniqueIndex('leads_list_url_key').on(table.listId, table.linkedinUrl),
    index('leads_list_id_idx').on(table.listId, table.id),
    // Prospect Research's lead search (ILIKE '%q%' on name, company or headline): trigram entries, so a
    // search reads the matching leads, not every lead of the user (modules/prospect-research).
    // One expression (the three columns a line apart): a multi-column index left the planner to a walk.
    index('leads_search_trgm_idx').using(
      'gin',
      sql`(${table.name} || E'\n' || ${table.company} || E'\n' || ${table.headline}) gin_trgm_ops`,
    ),
  ],
);
export type LeadRow = typeof leads.$inferSelect;

export const IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** A CSV import running in the background; its progress is what the list shows while importing. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    state: text('state', { enum: IMPORT_STATES }).notNull().default('running'),
    fileName: text('file_name').notNull(),
    /** The uploaded file under DATA_DIR, removed when the job ends. */
    filePath: text('file_path').notNull(),
    /** Whether the job created its list (a failure then leaves the list as "Error"). */
    listCreated: boolean('list_created').notNull(),
    /** The list's state before the job, restored when a job on an existing list ends. */
    statusBefore: text('status_before', { enum: LIST_STATES }).notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    /**
     * The list's highest lead id when the job began moving rows into it (every lead the job adds has a
     * higher one). Set while moved rows may need undoing: a failed job keeps its list "Importing..."
     * until they are deleted, then clears it.
     */
    leadFloor: bigint('lead_floor', { mode: 'number' }),
    error: text('error'),
    /**
     * What the user should know about a finished import besides its counts (rows whose text could not
     * be read in the file's encoding, columns taken for LinkedIn's own export…), shown with the result.
     */
    notice: text('notice'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('import_jobs_list_idx').on(table.listId, table.createdAt.desc()),
    // One import at a time per list: a second one would race the first for the list's state.
    uniqueIndex('import_jobs_running_list_key').on(table.listId).where(sql`${table.state} = 'running'`),
    index('import_jobs_running_idx').on(table.userId).where(sql`${table.state} = 'running'`),
    // Failed jobs whose moved rows are still being taken out (import_status looks for them often).
    index('import_jobs_undo_idx').on(table.userId).where(sql`${table.leadFloor} IS NOT NULL`),
  ],
);
export type ImportJobRow = typeof importJobs.$inferSelect;

/**
 * Where deep pages of all_leads start: the id of every PAGE_ANCHOR_STEP-th lead of a user, newest first,
 * as of (lead_total, max_id). Any insert or delete changes that pair, and the anchors are recomputed
 * on the next deep page, so a page never scans more than one step of the index.
 */
export const leadPageAnchors = pgTable('lead_page_anchors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  leadTotal: bigint('lead_total', { mode: 'number' }).notNull(),
  maxId: bigint('max_id', { mode: 'number' }).notNull(),
  ids: bigint('ids', { mode: 'number' }).array().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
