import { CHAT_LIMITS } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { chats } from '../../db/schema';
import { aiFailureReason, recordAiUsage } from '../../lib/clients/ai';

/** The most words of a title made from the question itself (no model, or the model's title failed). */
const TITLE_WORDS = 6;
const TITLE_CALL_MS = 10_000;

/** The question's first words, as a title: "How is my Q4 push campaign…". */
export const titleFromQuestion = (question: string): string => {
  const words = question.replace(/\s+/g, ' ').trim().split(' ');
  const title = words.slice(0, TITLE_WORDS).join(' ').slice(0, 60);
  return words.length > TITLE_WORDS || title.length < words.join(' ').length ? `${title}…` : title;
};

/** The model's title, as a title: one line, no quotes, Markdown or "Title:", within the limit. */
const cleanTitle = (text: string): string =>
  (text.trim().split('\n')[0] ?? '')
    .replace(/^title\s*:\s*/i, '')
    .replace(/[*_#`"“”]/g, '')
    .replace(/[.\s]+$/, '')
    .trim()
    .slice(0, CHAT_LIMITS.titleChars);

type Log = { warn: (object: object, message: string) => void };

/**
 * After an exchange, the chat's title when it still has the default one: a short separate model call
 * (its usage recorded as `chat_title`) or, without a model or when that call fails, the question's first
 * words. Written only while the title is the default (a rename in the meantime wins), so at most once.
 * Answers the title written, or null.
 */
export const writeChatTitle = async (
  deps: Pick<AppDeps, 'db' | 'ai'>,
  exchange: { chatId: string; userId: string; question: string; answer: string | null },
  log: Log,
): Promise<string | null> => {
  const [chat] = await deps.db
    .select({ titleSource: chats.titleSource })
    .from(chats)
    .where(and(eq(chats.id, exchange.chatId), eq(chats.userId, exchange.userId)));
  if (chat?.titleSource !== 'default') return null;
  let title = '';
  if (deps.ai && exchange.answer) {
    const ai = deps.ai;
    // Awaited before the title is written, so the usage is on record when the answer's stream ends.
    let usageWrite: Promise<unknown> = Promise.resolve();
    try {
      const written = await ai.completeText({
        timeoutMs: TITLE_CALL_MS,
        messages: [
          {
            role: 'system',
            content:
              'Write a short title (at most 6 words) for the chat that starts with this exchange. Answer with the title only: no quotes, no period.',
          },
          { role: 'user', content: exchange.question.slice(0, 1_000) },
          { role: 'assistant', content: exchange.answer.slice(0, 1_000) },
          { role: 'user', content: 'The short title of this chat, please.' },
        ],
        onUsage: (usage) => {
          usageWrite = recordAiUsage(deps.db, {
            userId: exchange.userId,
            itemId: null,
            purpose: 'chat_title',
            model: ai.model,
            usage,
          }).catch((error: unknown) => log.warn({ err: error }, 'the chat title usage was not recorded'));
        },
      });
      title = cleanTitle(written.text);
    } catch (error) {
      log.warn({ reason: aiFailureReason(error) }, 'the chat title was made from the question instead');
    }
    await usageWrite;
  }
  if (!title) title = titleFromQuestion(exchange.question);
  const [row] = await deps.db
    .update(chats)
    .set({ title, titleSource: 'written' })
    .where(
      and(eq(chats.id, exchange.chatId), eq(chats.userId, exchange.userId), eq(chats.titleSource, 'default')),
    )
    .returning({ title: chats.title });
  return row?.title ?? null;
};
