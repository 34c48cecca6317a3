import { CHAT_MESSAGES } from '@sales-assist/contract';
import { and, eq, lt, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { isEmbedded } from '../../db/copy-rows';
import { chatMessages } from '../../db/schema';
import { staleStreamingMs } from './answer-limits';

/**
 * At start: answers left `streaming` by a process that stopped or crashed mid-answer are marked failed
 * ("interrupted"), their partial text kept. The embedded database belongs to this one process, so every
 * such row is dead; on PostgreSQL other processes may be streaming, so only rows older than the longest
 * answer are. Answers how many were marked.
 */
export const failInterruptedAnswers = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'localModel'>,
): Promise<number> => {
  const now = deps.clock.now();
  const conditions: SQL[] = [eq(chatMessages.status, 'streaming')];
  if (!isEmbedded(deps.db)) {
    conditions.push(lt(chatMessages.createdAt, new Date(now.getTime() - staleStreamingMs(deps))));
  }
  const failed = await deps.db
    .update(chatMessages)
    .set({ status: 'failed', error: CHAT_MESSAGES.interrupted, finishedAt: now })
    .where(and(...conditions))
    .returning({ id: chatMessages.id });
  return failed.length;
};
