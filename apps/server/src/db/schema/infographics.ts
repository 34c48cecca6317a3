import { TEMPLATE_PROMPT_TYPES, type TInfographicDesign, type TInfographicFit } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { prompts } from './content';
import { users } from './users';

/** What an admin uploads for templates (/admin/upload): pictures, backgrounds and fonts. */
export const DESIGN_ASSET_KINDS = ['image', 'background', 'font'] as const;
export type DesignAssetKind = (typeof DESIGN_ASSET_KINDS)[number];

/**
 * Files the infographic templates draw with, shared by every user's pictures (admin-managed). The type is
 * the one found from the content, never the file name; fonts are kept only if the renderer could load
 * them. Stored through lib/clients/storage like the users' inputs.
 */
export const designAssets = pgTable(
  'design_assets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: DESIGN_ASSET_KINDS }).notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the bytes: the same file uploaded twice is found, not stored twice. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    width: integer('width'),
    height: integer('height'),
    /** Fonts: the family name read from the font itself. */
    fontFamily: text('font_family'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('design_assets_sha256_key').on(table.kind, table.sha256),
    index('design_assets_kind_idx').on(table.kind, table.id.desc().nullsFirst()),
  ],
);
export type DesignAssetRow = typeof designAssets.$inferSelect;

/**
 * An infographic theme (spec §2 "Theme id = "): a design the server renders social post pictures with.
 * `version` is bumped on every design edit, so rendered pictures cached under the old design are not
 * reused. Retired themes stay (posts name them) but are no longer offered.
 */
export const infographicThemes = pgTable(
  'infographic_themes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    design: jsonb('design').$type<TInfographicDesign>().notNull(),
    version: integer('version').notNull().default(1),
    /** Seeded at start (true) or made by an admin. */
    builtIn: boolean('built_in').notNull().default(false),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('infographic_themes_name_key').on(sql`lower(${table.name})`)],
);
export type InfographicThemeRow = typeof infographicThemes.$inferSelect;

export const TEMPLATE_ENTRY_PROMPT_TYPES = TEMPLATE_PROMPT_TYPES;

/**
 * The spec's template entries (§3: id, theme, theme_id, promptid): one per theme and prompt type of the
 * Template Editor. `prompt_id` null means "the current prompt of the type's purpose".
 */
export const templateEntries = pgTable(
  'template_entries',
  {
    id: serial('id').primaryKey(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => infographicThemes.id, { onDelete: 'cascade' }),
    promptType: text('prompt_type', { enum: TEMPLATE_ENTRY_PROMPT_TYPES }).notNull(),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('template_entries_theme_type_key').on(table.themeId, table.promptType)],
);
export type TemplateEntryRow = typeof templateEntries.$inferSelect;

/**
 * Rendered pictures by what they were drawn from (theme id and version, content, assets): the same
 * picture asked for again is read from storage, not drawn again.
 */
export const renderedImages = pgTable('rendered_images', {
  /** SHA-256 of the render's inputs. */
  cacheKey: text('cache_key').primaryKey(),
  storageKey: text('storage_key').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** What the renderer changed to make the text fit (shrunk, cut, left out), told again on every reuse. */
  fit: jsonb('fit').$type<TInfographicFit>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type RenderedImageRow = typeof renderedImages.$inferSelect;
