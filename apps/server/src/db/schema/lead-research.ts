import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { leads, lists } from './leads';
import { users } from './users';

/** Who wrote a research card: a language model, or the extractive writer that only quotes its sources. */
export const RESEARCH_WRITERS = ['model', 'offline'] as const;
export type ResearchWriter = (typeof RESEARCH_WRITERS)[number];

/**
 * The research card of one lead (Prospect Research): what its LinkedIn profile, recent posts and company site
 * said, written as points that each name the source they come from. One card per lead, replaced by
 * "Research again"; it goes with the lead (the composite key also keeps it with the lead's owner).
 */
export const leadResearch = pgTable(
  'lead_research',
  {
    leadId: bigint('lead_id', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    /** The card as the contract's ZResearchCard holds it. */
    card: jsonb('card').notNull(),
    /** What was read (ZResearchSource[]): every source id the card cites is one of these. */
    sources: jsonb('sources').notNull(),
    /** What could not be read or was left out, in words (a site that did not answer, no recent posts). */
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    /** The company site read for the card; "Research again" reads it again unless another is given. */
    website: text('website'),
    writer: text('writer', { enum: RESEARCH_WRITERS }).notNull(),
    /** The model's name when one wrote the card. */
    model: text('model'),
    researchedAt: timestamp('researched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lead_research_lead_key').on(table.leadId),
    foreignKey({
      name: 'lead_research_lead_fk',
      columns: [table.userId, table.leadId],
      foreignColumns: [leads.userId, leads.id],
    }).onDelete('cascade'),
    // The page's "recently researched" list, newest first.
    index('lead_research_user_time_idx').on(table.userId, table.researchedAt.desc()),
  ],
);
export type LeadResearchRow = typeof leadResearch.$inferSelect;

/**
 * running: a job researches the list's leads one by one; waiting: stopped for the day (the account's daily
 * cap of profile views, or LinkedIn asked it to rest) until `resume_at`; done; stopped: it cannot go on
 * (no usable LinkedIn account, the plan's AI requests used up), `message` says why.
 */
export const RESEARCH_RUN_STATES = ['running', 'waiting', 'done', 'stopped'] as const;
export type ResearchRunState = (typeof RESEARCH_RUN_STATES)[number];

/** Researching a whole list in the background, lead after lead in id order, with its progress. */
export const leadResearchRuns = pgTable(
  'lead_research_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    state: text('state', { enum: RESEARCH_RUN_STATES }).notNull().default('running'),
    /** The list's leads when the run began, and those researched or failed since. */
    total: integer('total').notNull(),
    researched: integer('researched').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The last lead id handled: the run goes on after it (a restart resumes there). */
    afterLeadId: bigint('after_lead_id', { mode: 'number' }).notNull().default(0),
    /** Why the run waits or stopped, or what the last failed lead said, in words. */
    message: text('message').notNull().default(''),
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // One run at a time per list: a second one would research the same leads twice.
    uniqueIndex('lead_research_runs_active_list_key')
      .on(table.listId)
      .where(sql`${table.state} in ('running', 'waiting')`),
    index('lead_research_runs_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);
export type LeadResearchRunRow = typeof leadResearchRuns.$inferSelect;
