import type { DbOrTx } from '../../../db/open-database';
import { aiUsage } from '../../../db/schema';
import type { AiUsageEntry } from './types';

/** Keeps the tokens of one model call (ai_usage), per user, purpose and, when it made one, item. */
export const recordAiUsage = async (db: DbOrTx, entry: AiUsageEntry): Promise<void> => {
  await db.insert(aiUsage).values({
    userId: entry.userId,
    itemId: entry.itemId,
    purpose: entry.purpose,
    model: entry.model,
    promptTokens: entry.usage.promptTokens,
    completionTokens: entry.usage.completionTokens,
  });
};
