import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** users.company_name until the user names their company (the spec's default shows "Company Name"). */
export const UNSET_COMPANY_NAME = 'Company Name';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    subscriptionType: text('subscription_type', { enum: ['Basic', 'Premium'] })
      .notNull()
      .default('Basic'),
    companyName: text('company_name').notNull().default(UNSET_COMPANY_NAME),
    websiteCheck: boolean('website_check').notNull().default(false),
    websiteUrl: text('website_url'),
    websiteName: text('website_name'),
    /** The editable title of the list page shells (spec §2), the same on every device. */
    crmTitle: text('crm_title').notNull().default('CRM'),
    /** The IANA time zone the calendar shows and schedules in (Settings); null: the browser's own until chosen. */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_created_at_idx').on(table.createdAt.desc(), table.id),
    // Admin search matches any part of an address (ILIKE '%…%'): trigrams keep it indexed.
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
