import type { TChat, TChatMessage } from '@sales-assist/contract';
import type { chatMessages, chats } from '../../db/schema';

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const chatView = (row: ChatRow): TChat => ({
  id: row.id,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const chatMessageView = (row: ChatMessageRow): TChatMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  status: row.status,
  error: row.error,
  tools: row.tools ?? [],
  created_at: row.createdAt.toISOString(),
});
