import { CHAT_LIMITS, type TChatsResponse } from '@sales-assist/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { chats } from '../../db/schema';
import { decodeChatCursor, encodeChatCursor } from './chat-cursor';
import { chatView } from './chat-view';

/** A page of the caller's chats, newest message first, on the (user_id, updated_at desc, id desc) index. */
export const listChats = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: { cursor?: string | undefined },
): Promise<TChatsResponse> => {
  const conditions: SQL[] = [eq(chats.userId, userId)];
  if (query.cursor) {
    const after = decodeChatCursor(query.cursor);
    conditions.push(
      sql`(${chats.updatedAt}, ${chats.id}) < (${after.updatedAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await deps.db
    .select({ chat: chats, updatedAtText: sql<string>`${chats.updatedAt}::text` })
    .from(chats)
    .where(and(...conditions))
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(CHAT_LIMITS.chatsPerPage + 1);
  const page = rows.slice(0, CHAT_LIMITS.chatsPerPage);
  const last = page.at(-1);
  return {
    chats: page.map(({ chat }) => chatView(chat)),
    next_cursor:
      rows.length > CHAT_LIMITS.chatsPerPage && last
        ? encodeChatCursor({ updatedAt: last.updatedAtText, id: last.chat.id })
        : null,
  };
};
