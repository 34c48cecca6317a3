import { CHAT_MESSAGES, type TChat, type TChatDetail } from '@sales-assist/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { chatMessages, chats } from '../../db/schema';
import { notFound } from '../../http/errors';
import { chatMessageView, chatView } from './chat-view';
import { findChat } from './find-chat';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A new, empty chat titled "New Chat" (the title is written after its first exchange). */
export const createChat = async (deps: Deps, userId: string): Promise<TChat> => {
  const now = deps.clock.now();
  const [row] = await deps.db.insert(chats).values({ userId, createdAt: now, updatedAt: now }).returning();
  if (!row) throw new Error('the new chat was not saved');
  return chatView(row);
};

/** The chat and all its messages, oldest first (every query filtered by the caller). */
export const chatDetail = async (deps: Deps, userId: string, chatId: string): Promise<TChatDetail> => {
  const chat = await findChat(deps.db, userId, chatId);
  const messages = await deps.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.userId, userId)))
    .orderBy(asc(chatMessages.id));
  return { chat: chatView(chat), messages: messages.map(chatMessageView) };
};

/** The user's own title: from now on no written title replaces it. The side list's order does not change. */
export const renameChat = async (
  deps: Deps,
  userId: string,
  chatId: string,
  title: string,
): Promise<TChat> => {
  const [row] = await deps.db
    .update(chats)
    .set({ title, titleSource: 'user' })
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning();
  if (!row) throw notFound(CHAT_MESSAGES.chatNotFound);
  return chatView(row);
};

/** Deletes the chat and its messages (cascade). An answer being written ends as its stream finds no row. */
export const deleteChat = async (
  deps: Deps,
  userId: string,
  chatId: string,
): Promise<{ message: string }> => {
  const deleted = await deps.db
    .delete(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning({ id: chats.id });
  if (deleted.length === 0) throw notFound(CHAT_MESSAGES.chatNotFound);
  return { message: 'Chat deleted' };
};
