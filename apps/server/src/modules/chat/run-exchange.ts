import {
  CHAT_MESSAGES,
  type TChatMessage,
  type TChatStreamEvent,
  type TChatToolUse,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { chatMessages } from '../../db/schema';
import type { SseStream } from '../../http/sse-stream';
import { AiCallError, isAiAborted, recordAiUsage } from '../../lib/clients/ai';
import { ANSWER_ROUNDS, answerDeadlineMs } from './answer-limits';
import { chatMessageView } from './chat-view';
import { chatSystemPrompt, earlierMessages, modelMessages } from './model-messages';
import type { Exchange, PendingExchange } from './start-exchange';
import { createToolRunner, toolDefinitions } from './tool-runner';
import { answerWithoutModel, type ChatToolContext } from './tools';
import { writeChatTitle } from './write-title';

/** What the person reads when an answer ends for a reason that is not the model's. */
export const ANSWER_ERRORS = {
  tooLong: 'The answer took too long and was stopped',
  failed: 'Something went wrong while writing the answer',
} as const;

/** How often the partial text of an answer is written to its row while it streams (what a crash leaves). */
const SAVE_PARTIAL_MS = 2_000;

/** Pieces of a text written without a model, streamed like a model's deltas. */
const piecesOf = (text: string): string[] => text.match(/[\s\S]{1,24}/g) ?? [];

type Log = {
  error: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

/** Writes how the answer ended on its row; null when the chat was deleted meanwhile. */
const finishAnswer = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  exchange: Exchange,
  end: {
    content: string;
    status: 'complete' | 'stopped' | 'failed';
    error: string | null;
    tools: TChatToolUse[];
  },
): Promise<TChatMessage | null> => {
  const [row] = await deps.db
    .update(chatMessages)
    .set({ ...end, finishedAt: deps.clock.now() })
    .where(and(eq(chatMessages.id, exchange.assistantMessageId), eq(chatMessages.userId, exchange.userId)))
    .returning();
  return row ? chatMessageView(row) : null;
};

/**
 * Streams one answer to the browser and always finishes its row: `complete` with the text and the tools
 * used; `stopped` with the partial text when the browser went away (Stop, a closed tab: the model's
 * request upstream is aborted with it); `failed` with the partial text and why when the model erred,
 * stalled or took too long. Events: start, tool/delta as they come, then done (with the title written
 * after the chat's first exchange) or error.
 */
export const runExchange = async (
  deps: AppDeps,
  exchange: PendingExchange,
  sse: SseStream,
  log: Log,
): Promise<void> => {
  const send = (event: TChatStreamEvent): void => sse.send(event.type, event);
  // The answer's own signal: the browser going away, or the answer's deadline.
  const controller = new AbortController();
  let overDeadline = false;
  const stopOnLeave = (): void => controller.abort();
  sse.signal.addEventListener('abort', stopOnLeave, { once: true });
  const deadline = setTimeout(() => {
    overDeadline = true;
    controller.abort();
  }, answerDeadlineMs(deps));
  const usageWrites: Promise<unknown>[] = [];
  let text = '';
  let waited = false;
  // The partial text, saved now and then (one write at a time, only while the row is still streaming), so
  // the start-up sweep of a crashed process keeps what had been written.
  let savedAt = Date.now();
  let saving: Promise<unknown> = Promise.resolve();
  const savePartial = (): void => {
    if (Date.now() - savedAt < SAVE_PARTIAL_MS) return;
    savedAt = Date.now();
    const content = text;
    saving = saving
      .then(() =>
        deps.db
          .update(chatMessages)
          .set({ content })
          .where(and(eq(chatMessages.id, exchange.assistantMessageId), eq(chatMessages.status, 'streaming'))),
      )
      .catch((error: unknown) => log.warn({ err: error }, 'the partial answer was not saved'));
  };
  const ctx: ChatToolContext = {
    deps,
    userId: exchange.userId,
    now: deps.clock.now(),
    signal: controller.signal,
  };
  const tools = createToolRunner(ctx, (use) => send({ type: 'tool', tool: use }), log);
  send({
    type: 'start',
    user_message_id: exchange.userMessageId,
    assistant_message_id: exchange.assistantMessageId,
  });
  // The rows are written once the stream is open (its first byte waits for no write), and before the model
  // is called. Nothing is written when the chat went or another answer began meanwhile, or the write failed.
  // Node sends a chunked response's first write on the next tick, and PGlite runs a statement synchronously
  // once its turn comes: a turn of the event loop first lets `start` leave before the statement holds it.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const saved = await exchange.save().catch((error: unknown) => {
    log.error({ err: error }, 'a chat question could not be saved');
    return 'failed' as const;
  });
  if (saved !== 'saved') {
    clearTimeout(deadline);
    sse.signal.removeEventListener('abort', stopOnLeave);
    const reason = {
      gone: CHAT_MESSAGES.chatNotFound,
      busy: CHAT_MESSAGES.busy,
      failed: ANSWER_ERRORS.failed,
    };
    send({ type: 'error', message: null, error: reason[saved] });
    sse.end();
    return;
  }
  try {
    const earlier = await earlierMessages(deps, exchange.userId, exchange.chatId, exchange.userMessageId);
    if (deps.ai) {
      const ai = deps.ai;
      const system = await chatSystemPrompt(deps, exchange.userId, ctx.now);
      await ai.streamChat({
        messages: modelMessages(system, earlier, exchange.question),
        tools: toolDefinitions(),
        runTool: tools.run,
        maxRounds: ANSWER_ROUNDS,
        signal: controller.signal,
        // Places are sent as the line moves; the turn's start (0) only after a place was shown, so the
        // browser stops saying "yours is next" while the model reads the question, before its first word.
        onQueued: (ahead) => {
          if (ahead > 0 || waited) send({ type: 'queued', ahead });
          waited = ahead > 0;
        },
        onDelta: (delta) => {
          text += delta;
          send({ type: 'delta', text: delta });
          savePartial();
        },
        onUsage: (usage) => {
          usageWrites.push(
            recordAiUsage(deps.db, {
              userId: exchange.userId,
              itemId: null,
              purpose: 'chat',
              model: ai.model,
              usage,
            }),
          );
        },
      });
    } else {
      // No model: the tools engineer's deterministic answers, streamed the same way (never a made-up figure).
      const answer = await answerWithoutModel(ctx, exchange.question, earlier);
      for (const use of answer.tools) {
        tools.uses.push(use);
        send({ type: 'tool', tool: use });
      }
      for (const piece of piecesOf(answer.text)) {
        if (controller.signal.aborted) throw new Error('aborted');
        text += piece;
        send({ type: 'delta', text: piece });
      }
    }
    if (controller.signal.aborted) throw new Error('aborted');
    await saving;
    const message = await finishAnswer(deps, exchange, {
      content: text,
      status: 'complete',
      error: null,
      tools: tools.uses,
    });
    if (!message) return;
    const title = await writeChatTitle(
      deps,
      { chatId: exchange.chatId, userId: exchange.userId, question: exchange.question, answer: text },
      log,
    );
    send({ type: 'done', message, title });
  } catch (error) {
    const left = sse.signal.aborted;
    const reason = left
      ? null
      : overDeadline
        ? ANSWER_ERRORS.tooLong
        : error instanceof AiCallError
          ? error.message
          : ANSWER_ERRORS.failed;
    if (!left && !overDeadline && !(error instanceof AiCallError) && !isAiAborted(error)) {
      log.error({ err: error }, 'a chat answer failed');
    }
    await saving;
    const message = await finishAnswer(deps, exchange, {
      content: text,
      status: left ? 'stopped' : 'failed',
      error: reason,
      tools: tools.uses,
    }).catch((finishError: unknown) => {
      log.error({ err: finishError }, 'a chat answer could not be finished');
      return null;
    });
    // The first exchange names the chat even when it was stopped or failed (from the question's words).
    await writeChatTitle(
      { db: deps.db, ai: null },
      { chatId: exchange.chatId, userId: exchange.userId, question: exchange.question, answer: null },
      log,
    ).catch(() => null);
    if (!left) send({ type: 'error', message, error: reason ?? ANSWER_ERRORS.failed });
  } finally {
    clearTimeout(deadline);
    sse.signal.removeEventListener('abort', stopOnLeave);
    await Promise.allSettled(usageWrites);
    sse.end();
  }
};
