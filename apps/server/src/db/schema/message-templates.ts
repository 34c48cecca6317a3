import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A message template a user wrote: a name and guidance text with lead variables ({first_name} …).
 * Campaigns copy its name and text when they are created, so editing or deleting it later never
 * changes what a campaign already writes.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One name per user, whatever its letter case: create_campaign may name a template.
    uniqueIndex('message_templates_user_name_key').on(table.userId, sql`lower(${table.name})`),
    index('message_templates_user_created_idx').on(table.userId, table.createdAt),
  ],
);
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;
