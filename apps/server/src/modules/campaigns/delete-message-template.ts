import { CAMPAIGN_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { messageTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * delete_message_template: one of the caller's templates (404 for anyone else's). Campaigns made with it
 * keep writing with their own copy of it.
 */
export const deleteMessageTemplate = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number },
): Promise<TMessageResponse> => {
  const deleted = await deps.db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.id, input.id), eq(messageTemplates.userId, userId)))
    .returning({ id: messageTemplates.id });
  if (deleted.length === 0) throw notFound(CAMPAIGN_MESSAGES.templateNotFound);
  return { message: CAMPAIGN_MESSAGES.templateDeleted };
};
