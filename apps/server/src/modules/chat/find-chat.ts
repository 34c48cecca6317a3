import { CHAT_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { chats } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { ChatRow } from './chat-view';

/** The caller's chat; another user's (or none) is the same 404, so ids reveal nothing. */
export const findChat = async (db: DbOrTx, userId: string, chatId: string): Promise<ChatRow> => {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)));
  if (!row) throw notFound(CHAT_MESSAGES.chatNotFound);
  return row;
};
