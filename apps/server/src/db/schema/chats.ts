import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A conversation of Sales Assist Chat (the side list shows them by title, newest first). */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "New Chat" until a title is written from the first exchange (or the user renames it). */
    title: text('title').notNull().default('New Chat'),
    /** Whether the title was set by the user (then it is never overwritten by a written one). */
    titleSource: text('title_source', { enum: ['default', 'written', 'user'] })
      .notNull()
      .default('default'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message's time: the side list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chats_user_updated_idx').on(table.userId, table.updatedAt.desc(), table.id.desc())],
);

/** What the assistant looked up to answer: each tool called, its arguments and a short account of its result. */
export type ChatToolUse = { name: string; arguments: Record<string, unknown>; summary: string };

/**
 * One message of a chat. The user's message is saved before the model is called; the assistant's is written
 * when its stream starts (status `streaming`) and finished when it ends: `complete`, `stopped` (the user pressed
 * Stop or left: the partial text is kept) or `failed` (the model erred or stalled: the partial text is kept and
 * `error` says why).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['complete', 'streaming', 'stopped', 'failed'] })
      .notNull()
      .default('complete'),
    error: text('error'),
    tools: jsonb('tools').$type<ChatToolUse[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('chat_messages_chat_idx').on(table.chatId, table.id)],
);
