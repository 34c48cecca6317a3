import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The brand's logo as kept in storage: a PNG made from the site's own file (modules/website/brand/store-logo.ts). */
export type BrandLogo = { storageKey: string; sha256: string; width: number; height: number };

/** What the brand looks like, read from its site for the pictures: its colours (most telling first) and logo. */
export type BrandLook = { colors: string[]; logo: BrandLogo | null };

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
  /** The brand profile every content prompt is fed (modules/website): read from the site, editable. */
  company: text('company'),
  offer: text('offer'),
  audience: text('audience'),
  tone: text('tone'),
  keyPhrases: jsonb('key_phrases').$type<string[]>().notNull().default([]),
  /** The site's readable text (Readability), at most 20,000 characters: what {website_summary} draws on. */
  readableText: text('readable_text'),
  /** When the user last edited the profile; a later scan keeps edited fields. */
  editedAt: timestamp('edited_at', { withTimezone: true }),
  /** Which brand fields the user changed (the API's names: company, offer, audience, tone, key_phrases); a rescan keeps exactly these. */
  editedFields: jsonb('edited_fields').$type<string[]>().notNull().default([]),
  /** The brand's colours and logo as last read from the site; themes that take the brand's look draw with them. */
  look: jsonb('look').$type<BrandLook>().notNull().default({ colors: [], logo: null }),
});

export type WebsiteRow = typeof websites.$inferSelect;
