import { CHAT_MESSAGES } from '@sales-assist/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { chatMessages, chats } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { staleStreamingMs } from './answer-limits';
import type { ChatRow } from './chat-view';

/** An exchange under way: the question saved, the answer's row written as `streaming`. */
export type Exchange = {
  chat: ChatRow;
  userId: string;
  question: string;
  userMessageId: number;
  assistantMessageId: number;
};

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Locks the caller's chat (another user's: 404) and refuses it while an answer is being written there
 * (409): two answers at once would interleave. A `streaming` row past the longest answer is a dead
 * process's and is marked as interrupted instead.
 */
const lockIdleChat = async (tx: DbOrTx, deps: Deps, userId: string, chatId: string): Promise<ChatRow> => {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - staleStreamingMs(deps.config));
  // Written out (not drizzle's columns, which a select list leaves unqualified) to name the locked chat.
  const streaming = (fresh: boolean) =>
    sql<boolean>`exists (select 1 from chat_messages m where m.chat_id = chats.id and m.status = 'streaming' and m.created_at ${fresh ? sql`>=` : sql`<`} ${staleBefore.toISOString()}::timestamptz)`;
  const [chat] = await tx
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .for('update');
  if (!chat) throw notFound(CHAT_MESSAGES.chatNotFound);
  // A statement of its own once the lock is held: its snapshot sees an answer row another request
  // committed while this one waited for the lock (a subquery of the locking statement would not).
  const [found] = await tx
    .select({ busy: streaming(true), stale: streaming(false) })
    .from(chats)
    .where(eq(chats.id, chat.id));
  if (found?.busy) throw conflict(CHAT_MESSAGES.busy);
  if (found?.stale) {
    await tx
      .update(chatMessages)
      .set({ status: 'failed', error: CHAT_MESSAGES.interrupted, finishedAt: now })
      .where(
        and(
          eq(chatMessages.chatId, chatId),
          eq(chatMessages.status, 'streaming'),
          lt(chatMessages.createdAt, staleBefore),
        ),
      );
  }
  return chat;
};

const insertAnswerRow = async (tx: DbOrTx, chat: ChatRow, now: Date): Promise<number> => {
  const [row] = await tx
    .insert(chatMessages)
    .values({
      chatId: chat.id,
      userId: chat.userId,
      role: 'assistant',
      content: '',
      status: 'streaming',
      tools: [],
      createdAt: now,
    })
    .returning({ id: chatMessages.id });
  if (!row) throw new Error('the answer row was not saved');
  return row.id;
};

/**
 * POST /chats/{id}/messages, before the model is called: the user's message is saved (and the chat moves
 * to the top of the side list) and the answer's row is written as `streaming`, in one transaction of two
 * statements (the first byte of the stream waits for it): the chat locked (another user's: 404), then one
 * statement, with a snapshot taken once the lock is held, that marks a dead process's `streaming` row as
 * interrupted and inserts both rows only when no answer is being written (none inserted: 409 busy).
 */
export const startExchange = (
  deps: Deps,
  userId: string,
  chatId: string,
  question: string,
): Promise<Exchange> =>
  deps.db.transaction(async (tx) => {
    const [chat] = await tx
      .select()
      .from(chats)
      .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
      .for('update');
    if (!chat) throw notFound(CHAT_MESSAGES.chatNotFound);
    const now = deps.clock.now().toISOString();
    const staleBefore = new Date(Date.parse(now) - staleStreamingMs(deps.config)).toISOString();
    const result = (await tx.execute(sql`
      with stale as (
        update chat_messages set status = 'failed', error = ${CHAT_MESSAGES.interrupted}, finished_at = ${now}::timestamptz
        where chat_id = ${chat.id}::uuid and status = 'streaming' and created_at < ${staleBefore}::timestamptz
        returning id
      ), saved as (
        insert into chat_messages (chat_id, user_id, role, content, status, tools, created_at)
        select ${chat.id}::uuid, ${userId}::uuid, v.role, v.content, v.status, v.tools, ${now}::timestamptz
        from (values (1, 'user', ${question}::text, 'complete', null::jsonb),
                     (2, 'assistant', '', 'streaming', '[]'::jsonb)) as v(n, role, content, status, tools)
        where not exists (
          select 1 from chat_messages m
          where m.chat_id = ${chat.id}::uuid and m.status = 'streaming' and m.created_at >= ${staleBefore}::timestamptz
        )
        order by v.n
        returning id, role
      ), touched as (
        update chats set updated_at = ${now}::timestamptz
        where id = ${chat.id}::uuid and exists (select 1 from saved)
        returning id
      )
      select id::int8 as id, role from saved`)) as unknown as {
      rows: { id: string | number; role: string }[];
    };
    const asked = result.rows.find((row) => row.role === 'user');
    const answer = result.rows.find((row) => row.role === 'assistant');
    if (!asked || !answer) throw conflict(CHAT_MESSAGES.busy);
    return { chat, userId, question, userMessageId: Number(asked.id), assistantMessageId: Number(answer.id) };
  });

/**
 * POST /chats/{id}/regenerate: the last answer is deleted and written again for the question before it.
 * Refused (409) when the chat's last message is not a finished answer.
 */
export const startRegeneration = (deps: Deps, userId: string, chatId: string): Promise<Exchange> =>
  deps.db.transaction(async (tx) => {
    const chat = await lockIdleChat(tx, deps, userId, chatId);
    const [last, question] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.userId, userId)))
      .orderBy(desc(chatMessages.id))
      .limit(2);
    if (last?.role !== 'assistant' || question?.role !== 'user')
      throw conflict(CHAT_MESSAGES.nothingToRegenerate);
    await tx.delete(chatMessages).where(eq(chatMessages.id, last.id));
    const now = deps.clock.now();
    const assistantMessageId = await insertAnswerRow(tx, chat, now);
    await tx.update(chats).set({ updatedAt: now }).where(eq(chats.id, chat.id));
    return { chat, userId, question: question.content, userMessageId: question.id, assistantMessageId };
  });
