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

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'localModel'>;

/**
 * Locks the caller's chat (another user's: 404) and refuses it while an answer is being written there
 * (409): two answers at once would interleave. A `streaming` row past the longest answer is a dead
 * process's and is marked as interrupted instead.
 */
const lockIdleChat = async (tx: DbOrTx, deps: Deps, userId: string, chatId: string): Promise<ChatRow> => {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - staleStreamingMs(deps));
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

/** What saving an exchange's rows found: saved, the chat gone meanwhile, or another answer started in it. */
export type SaveOutcome = 'saved' | 'gone' | 'busy';

/**
 * An exchange checked but not yet written: the chat is the caller's and idle, the two rows' ids are taken
 * from the sequence, and `save` writes them (once the stream has opened). `save` answers what it found.
 */
export type PendingExchange = Exchange & { save: () => Promise<SaveOutcome> };

/**
 * Chats whose exchange is being started in this process, from the check to the rows' commit: the check
 * only reads, so without this two messages sent at once could both pass it. Keyed by the database, so two
 * apps on one database in one process (the tests) see each other's claims like one process would.
 */
const starting = new WeakMap<DbOrTx, Set<string>>();
const startingIn = (db: DbOrTx): Set<string> => {
  let set = starting.get(db);
  if (!set) {
    set = new Set();
    starting.set(db, set);
  }
  return set;
};

/**
 * The question and the answer's row, in one statement, with the ids the check took: a dead process's
 * `streaming` row in the chat is marked interrupted, and both rows are inserted (the chat's updated_at
 * set) only when the chat is still the caller's and no answer is being written in it, so a change between
 * the check and this statement (a deletion, another process's message) writes nothing.
 */
const saveExchangeRows = async (db: DbOrTx, deps: Deps, exchange: Exchange): Promise<SaveOutcome> => {
  const now = deps.clock.now().toISOString();
  const staleBefore = new Date(Date.parse(now) - staleStreamingMs(deps)).toISOString();
  const { chatId, userId } = exchange;
  const result = (await db.execute(sql`
    with owned as (
      select id from chats where id = ${chatId}::uuid and user_id = ${userId}::uuid
    ), stale as (
      update chat_messages set status = 'failed', error = ${CHAT_MESSAGES.interrupted}, finished_at = ${now}::timestamptz
      where chat_id in (select id from owned) and status = 'streaming' and created_at < ${staleBefore}::timestamptz
      returning id
    ), saved as (
      insert into chat_messages (id, chat_id, user_id, role, content, status, tools, created_at)
      select v.id, owned.id, ${userId}::uuid, v.role, v.content, v.status, v.tools, ${now}::timestamptz
      from owned,
        (values (${exchange.userMessageId}::int8, 'user', ${exchange.question}::text, 'complete', null::jsonb),
                (${exchange.assistantMessageId}::int8, 'assistant', '', 'streaming', '[]'::jsonb))
          as v(id, role, content, status, tools)
      where not exists (
        select 1 from chat_messages m
        where m.chat_id = owned.id and m.status = 'streaming' and m.created_at >= ${staleBefore}::timestamptz
      )
      returning id
    ), touched as (
      update chats set updated_at = ${now}::timestamptz
      where id in (select id from owned) and exists (select 1 from saved)
      returning id
    )
    select (select count(*) from owned)::int as owned, (select count(*) from saved)::int as saved`)) as unknown as {
    rows: { owned: number; saved: number }[];
  };
  const [row] = result.rows;
  if (!row || row.owned === 0) return 'gone';
  return row.saved > 0 ? 'saved' : 'busy';
};

/**
 * POST /chats/{id}/messages, before the stream opens: one read answers whether the chat is the caller's
 * (else 404) and idle (an answer being written: 409) and takes the two rows' ids from the sequence, so the
 * stream's `start` event, its first byte, can go out at once. The rows are written by `save` after it (the
 * question before the model is called). On PostgreSQL `save` locks the chat first, in a transaction, so
 * its statement takes its snapshot once the lock is held and two messages sent at once from two processes
 * cannot both stream (the later one then ends with an `error` event, having written nothing); within a
 * process the claim below refuses the second with 409 before its stream opens. The embedded database runs
 * one statement at a time, so the statement alone is enough there.
 */
export const checkExchange = async (
  deps: Deps,
  userId: string,
  chatId: string,
  question: string,
): Promise<PendingExchange> => {
  const claims = startingIn(deps.db);
  if (claims.has(chatId)) throw conflict(CHAT_MESSAGES.busy);
  claims.add(chatId);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    claims.delete(chatId);
  };
  try {
    const staleBefore = new Date(deps.clock.now().getTime() - staleStreamingMs(deps)).toISOString();
    // The ids come from the table's own sequence: ascending, so the question sorts before its answer.
    const result = (await deps.db.execute(sql`
      select exists (
          select 1 from chat_messages m
          where m.chat_id = c.id and m.status = 'streaming' and m.created_at >= ${staleBefore}::timestamptz
        ) as busy,
        nextval('chat_messages_id_seq')::int8 as first_id, nextval('chat_messages_id_seq')::int8 as second_id
      from chats c where c.id = ${chatId}::uuid and c.user_id = ${userId}::uuid`)) as unknown as {
      rows: { busy: boolean; first_id: string | number; second_id: string | number }[];
    };
    const [row] = result.rows;
    if (!row) throw notFound(CHAT_MESSAGES.chatNotFound);
    if (row.busy) throw conflict(CHAT_MESSAGES.busy);
    const [userMessageId, assistantMessageId] = [Number(row.first_id), Number(row.second_id)].sort(
      (a, b) => a - b,
    ) as [number, number];
    const exchange: Exchange = { chatId, userId, question, userMessageId, assistantMessageId };
    const save = async (): Promise<SaveOutcome> => {
      try {
        if (isEmbedded(deps.db)) return await saveExchangeRows(deps.db, deps, exchange);
        return await deps.db.transaction(async (tx) => {
          await tx
            .select({ id: chats.id })
            .from(chats)
            .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
            .for('update');
          return saveExchangeRows(tx, deps, exchange);
        });
      } finally {
        release();
      }
    };
    return { ...exchange, save };
  } catch (error) {
    release();
    throw error;
  }
};

/**
 * POST /chats/{id}/regenerate: the last answer is deleted and written again for the question before it.
 * Refused (409) when the chat's last message is not a finished answer.
 */
export const startRegeneration = async (deps: Deps, userId: string, chatId: string): Promise<Exchange> => {
  // A message being started in this process has not written its rows yet: the database cannot see it.
  if (startingIn(deps.db).has(chatId)) throw conflict(CHAT_MESSAGES.busy);
  return deps.db.transaction(async (tx) => {
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
};
