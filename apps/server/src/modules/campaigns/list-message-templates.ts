import type { TMessageTemplatesResponse } from '@sales-assist/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { messageTemplates } from '../../db/schema';
import { ownTemplateView } from './find-message-template';

/** message_templates: the caller's own templates, oldest first (the spec's three are in the contract). */
export const listMessageTemplates = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<TMessageTemplatesResponse> => {
  const rows = await deps.db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.userId, userId))
    .orderBy(asc(messageTemplates.createdAt), asc(messageTemplates.id));
  return { templates: rows.map(ownTemplateView) };
};
