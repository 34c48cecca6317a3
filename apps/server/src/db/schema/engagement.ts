import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaignLeads } from './campaigns';
import { linkedinAccounts } from './linkedin-accounts';
import { users } from './users';

/** Who wrote a message of a thread: the user's LinkedIn member, or the lead. */
export const MESSAGE_SENDERS = ['me', 'them'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** How a message of ours was sent: by the engine (a follow-up), from the inbox, or outside the app. */
export const MESSAGE_ORIGINS = ['engine', 'inbox', 'linkedin'] as const;
export type MessageOrigin = (typeof MESSAGE_ORIGINS)[number];

/**
 * The LinkedIn conversation with one campaign lead, as the inbox shows it. Kept from what the engine reads
 * and sends and from the refresh job, so the inbox never asks LinkedIn while a person reads it. The last
 * message and the unread count are kept beside the thread (updated with each new message), so the list
 * and the sidebar's badge read one row per thread, off the user's indexes.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The LinkedIn account the thread was read through (null once the account is removed). */
    accountId: uuid('account_id').references(() => linkedinAccounts.id, { onDelete: 'set null' }),
    campaignLeadId: bigint('campaign_lead_id', { mode: 'number' })
      .notNull()
      .references(() => campaignLeads.id, { onDelete: 'cascade' }),
    conversationUrn: text('conversation_urn').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastMessageText: text('last_message_text').notNull().default(''),
    lastMessageFrom: text('last_message_from', { enum: MESSAGE_SENDERS }).notNull(),
    /** The lead's messages not yet opened in the inbox. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** When the refresh job last read the thread from LinkedIn (null: never; it goes first). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_campaign_lead_key').on(table.campaignLeadId),
    // The inbox's list, newest first, keyset-paged.
    index('conversations_user_last_idx').on(table.userId, table.lastMessageAt.desc(), table.id.desc()),
    // The sidebar's badge sums only threads with something unread.
    index('conversations_user_unread_idx').on(table.userId).where(sql`${table.unreadCount} > 0`),
    // The refresh job reads an account's threads, those read longest ago first.
    index('conversations_account_refreshed_idx').on(table.accountId, table.refreshedAt),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/** One message of a thread, kept once by its LinkedIn URN however often the thread is read. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    urn: text('urn').notNull(),
    sender: text('sender', { enum: MESSAGE_SENDERS }).notNull(),
    origin: text('origin', { enum: MESSAGE_ORIGINS }).notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversation_messages_urn_key').on(table.conversationId, table.urn),
    index('conversation_messages_thread_idx').on(table.conversationId, table.sentAt),
    // Replies sent from the inbox today count against the account's daily messages.
    index('conversation_messages_inbox_idx').on(table.sentAt).where(sql`${table.origin} = 'inbox'`),
  ],
);
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;

/**
 * How many threads the refresh job read for an account on a day: its own daily cap, so keeping the inbox
 * fresh never reads LinkedIn more than a careful person would.
 */
export const inboxReads = pgTable(
  'inbox_reads',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    reads: integer('reads').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.day] })],
);
