import { CHAT_MESSAGES } from '@sales-assist/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { isEmbedded } from '../../db/copy-rows';
import type { DbOrTx } from '../../db/open-database';
import { chatMessages, chats } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { staleStreamingMs } from './answer-limits';
import type { ChatRow } from './chat-view';

/** An exchange under way: the question saved, the answer's row written as `streaming`. */
export type Exchange = {
  chatId: string;
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
 * The question and the answer's row, in one statement: a dead process's `streaming` row in the chat is
 * marked interrupted, and both rows are inserted (the chat's updated_at set) only when the chat is the
 * caller's and no answer is being written in it. Answers whether the chat is the caller's, and the ids.
 */
const saveExchangeRows = async (
  db: DbOrTx,
  deps: Deps,
  userId: string,
  chatId: string,
  question: string,
): Promise<{ owned: boolean; userMessageId?: number; assistantMessageId?: number }> => {
  const now = deps.clock.now().toISOString();
  const staleBefore = new Date(Date.parse(now) - staleStreamingMs(deps.config)).toISOString();
  const result = (await db.execute(sql`
    with owned as (
      select id from chats where id = ${chatId}::uuid and user_id = ${userId}::uuid
    ), stale as (
      update chat_messages set status = 'failed', error = ${CHAT_MESSAGES.interrupted}, finished_at = ${now}::timestamptz
      where chat_id in (select id from owned) and status = 'streaming' and created_at < ${staleBefore}::timestamptz
      returning id
    ), saved as (
      insert into chat_messages (chat_id, user_id, role, content, status, tools, created_at)
      select owned.id, ${userId}::uuid, v.role, v.content, v.status, v.tools, ${now}::timestamptz
      from owned,
        (values (1, 'user', ${question}::text, 'complete', null::jsonb),
                (2, 'assistant', '', 'streaming', '[]'::jsonb)) as v(n, role, content, status, tools)
      where not exists (
        select 1 from chat_messages m
        where m.chat_id = owned.id and m.status = 'streaming' and m.created_at >= ${staleBefore}::timestamptz
      )
      order by v.n
      returning id, role
    ), touched as (
      update chats set updated_at = ${now}::timestamptz
      where id in (select id from owned) and exists (select 1 from saved)
      returning id
    )
    select (select count(*) from owned)::int as owned, saved.id::int8 as id, saved.role
    from (select 1) as one left join saved on true`)) as unknown as {
    rows: { owned: number; id: string | number | null; role: string | null }[];
  };
  const idOf = (role: string) => {
    const row = result.rows.find((each) => each.role === role);
    return row?.id == null ? undefined : Number(row.id);
  };
  return {
    owned: (result.rows[0]?.owned ?? 0) > 0,
    ...(idOf('user') !== undefined ? { userMessageId: idOf('user') } : {}),
    ...(idOf('assistant') !== undefined ? { assistantMessageId: idOf('assistant') } : {}),
  };
};

/**
 * POST /chats/{id}/messages, before the model is called: the user's message is saved (and the chat moves
 * to the top of the side list) and the answer's row is written as `streaming` (the stream's first byte
 * waits for this). On PostgreSQL the chat is locked first, in a transaction, so the statement that looks
 * for a running answer takes its snapshot once the lock is held and two messages sent at once cannot both
 * stream; the embedded database runs one statement at a time, so the statement alone is enough there.
 * Another user's chat: 404; an answer being written: 409.
 */
export const startExchange = async (
  deps: Deps,
  userId: string,
  chatId: string,
  question: string,
): Promise<Exchange> => {
  const save = async (db: DbOrTx) => {
    if (!isEmbedded(deps.db)) {
      await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
        .for('update');
    }
    const saved = await saveExchangeRows(db, deps, userId, chatId, question);
    if (!saved.owned) throw notFound(CHAT_MESSAGES.chatNotFound);
    if (saved.userMessageId === undefined || saved.assistantMessageId === undefined) {
      throw conflict(CHAT_MESSAGES.busy);
    }
    return { userMessageId: saved.userMessageId, assistantMessageId: saved.assistantMessageId };
  };
  const ids = isEmbedded(deps.db) ? await save(deps.db) : await deps.db.transaction(save);
  return { chatId, userId, question, ...ids };
};

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
    return {
      chatId: chat.id,
      userId,
      question: question.content,
      userMessageId: question.id,
      assistantMessageId,
    };
  });
