import { PROMPT_PURPOSES as CONTRACT_PROMPT_PURPOSES, HISTORY_KINDS } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a prompt drives (the contract's list). Every generation asks for the current prompt of its purpose
 * (modules/prompts), so an admin's edit changes the next generation.
 */
export const PROMPT_PURPOSES = CONTRACT_PROMPT_PURPOSES;
export type PromptPurpose = (typeof PROMPT_PURPOSES)[number];

/**
 * A prompt as data (spec §3 Prompt: promptname, promptid, prompttext). `id` is the spec's numeric
 * promptid. `variables` are the {names} its text uses; a save naming one its purpose does not allow
 * (contract PURPOSE_VARIABLES) is refused.
 * Retired prompts stay (old content names them) but are never used again.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: PROMPT_PURPOSES }).notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    /** Bumped on every edit; prompt_versions keeps each earlier text. */
    version: integer('version').notNull().default(1),
    /** Seeded at first start (true) or written by an admin. */
    builtIn: boolean('built_in').notNull().default(false),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('prompts_name_key').on(sql`lower(${table.name})`),
    index('prompts_purpose_idx').on(table.purpose, table.retiredAt),
  ],
);
export type PromptRow = typeof prompts.$inferSelect;

/** Every earlier version of a prompt: its text, who wrote it and when, so it can be restored. */
export const promptVersions = pgTable(
  'prompt_versions',
  {
    promptId: integer('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.promptId, table.version] })],
);

/** The kinds of generated content (the contract's list): History shows them all. */
export const CONTENT_KINDS = HISTORY_KINDS;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** `generating` while a job writes it; `failed` keeps no text (nothing half-saved) and cost nothing. */
export const CONTENT_STATES = ['generating', 'ready', 'failed'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/**
 * Everything the app generated for a user: blog topics, blog posts, LinkedIn posts and, later,
 * social posts and ads. One table so History pages on one index.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    status: text('status', { enum: CONTENT_STATES }).notNull().default('ready'),
    /** 0–100 while generating. */
    progress: integer('progress').notNull().default(100),
    /** Why a generation failed, in words for the user. */
    error: text('error'),
    title: text('title').notNull().default(''),
    /** Blogs: sanitised HTML. Posts: plain text. */
    body: text('body').notNull().default(''),
    /** Kind-specific fields: slug, meta description, outline, keywords, hashtags, variants, length… */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** `llm` (an AI model wrote it) or `offline` (the built-in writer). */
    writer: text('writer', { enum: ['llm', 'offline'] }).notNull(),
    model: text('model'),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    promptVersion: integer('prompt_version'),
    /** The item it was made from (a LinkedIn post repurposed from a blog post; a duplicate's original). */
    sourceId: bigint('source_id', { mode: 'number' }),
    /** The inputs (modules/inputs) chosen to ground it. */
    inputIds: jsonb('input_ids').$type<number[]>().notNull().default([]),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('content_items_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('content_items_user_kind_created_idx').on(
      table.userId,
      table.kind,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Only the few items being written: the recovery sweep at each worker start finds stalled ones here.
    index('content_items_generating_idx').on(table.updatedAt).where(sql`${table.status} = 'generating'`),
    index('content_items_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
  ],
);
export type ContentItemRow = typeof contentItems.$inferSelect;

/** The plan limits of spec §9, counted per user and calendar month (UTC). */
export const PLAN_METRICS = ['blogs', 'blog_topics', 'social_media_posts', 'google_ads'] as const;
export type PlanMetric = (typeof PLAN_METRICS)[number];

/**
 * Units used per month. A generation takes its unit with a conditional upsert in the same transaction
 * that creates its item, so two requests at the last unit never both pass; a failed one gives it back.
 */
export const planUsage = pgTable(
  'plan_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    period: date('period', { mode: 'string' }).notNull(),
    metric: text('metric', { enum: PLAN_METRICS }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.period, table.metric] })],
);

/** Every call to a model: tokens per user, per purpose and (when it made one) per item. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }),
    purpose: text('purpose').notNull(),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_usage_user_created_idx').on(table.userId, table.createdAt)],
);

/** The user's own material that grounds generation: texts (extracted) and images. */
export const INPUT_KINDS = ['text', 'image'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

export const inputs = pgTable(
  'inputs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INPUT_KINDS }).notNull(),
    name: text('name').notNull(),
    /** The type found from the content (not the file name). */
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Texts: the extracted plain text. */
    text: text('text'),
    /** Where the original file is kept (lib/clients/storage); null for pasted texts. */
    storageKey: text('storage_key'),
    thumbKey: text('thumb_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inputs_user_kind_created_idx').on(
      table.userId,
      table.kind,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
export type InputRow = typeof inputs.$inferSelect;
