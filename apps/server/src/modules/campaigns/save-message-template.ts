import {
  builtInTemplateOf,
  CAMPAIGN_MESSAGES,
  OWN_TEMPLATES_MAX,
  type TSaveMessageTemplateResponse,
} from '@sales-assist/contract';
import { and, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { messageTemplates, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { findOwnTemplate, findOwnTemplateByName, ownTemplateView } from './find-message-template';

/**
 * save_message_template: a new template, or new words for one of the caller's (404 for anyone else's).
 * Names are unique per user in any letter case and never one of the spec's three, because
 * create_campaign may name a template. The user row is locked so two saves at once cannot both pass
 * the checks.
 */
export const saveMessageTemplate = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id?: number | undefined; name: string; text: string },
): Promise<TSaveMessageTemplateResponse> => {
  const now = deps.clock.now();
  if (builtInTemplateOf(input.name)) throw conflict(CAMPAIGN_MESSAGES.templateNameBuiltIn);
  const saved = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (input.id !== undefined) await findOwnTemplate(tx, userId, input.id);
    const sameName = await findOwnTemplateByName(tx, userId, input.name);
    if (sameName && sameName.id !== input.id) throw conflict(CAMPAIGN_MESSAGES.templateNameTaken);
    if (input.id !== undefined) {
      const [row] = await tx
        .update(messageTemplates)
        .set({ name: input.name, text: input.text, updatedAt: now })
        .where(and(eq(messageTemplates.id, input.id), eq(messageTemplates.userId, userId)))
        .returning();
      return row;
    }
    const [held] = await tx
      .select({ templates: count() })
      .from(messageTemplates)
      .where(eq(messageTemplates.userId, userId));
    if ((held?.templates ?? 0) >= OWN_TEMPLATES_MAX) throw conflict(CAMPAIGN_MESSAGES.templateLimit);
    const [row] = await tx
      .insert(messageTemplates)
      .values({ userId, name: input.name, text: input.text, createdAt: now, updatedAt: now })
      .returning();
    return row;
  });
  if (!saved) throw new Error('save_message_template: nothing was written');
  return { message: CAMPAIGN_MESSAGES.templateSaved, template: ownTemplateView(saved) };
};
