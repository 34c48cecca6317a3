import { builtInTemplateOf, CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import { AppError } from '../../http/errors';
import { findOwnTemplate, findOwnTemplateByName } from './find-message-template';

/** What a campaign stores of its template: a spec template's id, or a copy of the user's own. */
export type ChosenTemplate = {
  templateId: number;
  messageTemplateId: number | null;
  templateName: string | null;
  templateText: string | null;
};

/** templateId of a campaign written with the user's own template (its copy is on the campaign). */
export const OWN_TEMPLATE_ID = 0;

const selectTemplate = (): AppError =>
  new AppError(400, 'validation_error', CAMPAIGN_MESSAGES.selectTemplate);

/**
 * create_campaign's template: message_template_id (one of the caller's templates, else 404), or
 * `message` naming a spec template (description, name or id) or one of the caller's templates by name.
 */
export const resolveTemplate = async (
  db: DbOrTx,
  userId: string,
  input: { message?: string | number | undefined; message_template_id?: number | undefined },
): Promise<ChosenTemplate> => {
  const own =
    input.message_template_id !== undefined
      ? await findOwnTemplate(db, userId, input.message_template_id)
      : null;
  if (own) {
    return {
      templateId: OWN_TEMPLATE_ID,
      messageTemplateId: own.id,
      templateName: own.name,
      templateText: own.text,
    };
  }
  if (input.message === undefined || String(input.message).trim() === '') throw selectTemplate();
  const builtIn = builtInTemplateOf(input.message);
  if (builtIn)
    return { templateId: builtIn.id, messageTemplateId: null, templateName: null, templateText: null };
  const named = await findOwnTemplateByName(db, userId, String(input.message));
  if (!named) throw selectTemplate();
  return {
    templateId: OWN_TEMPLATE_ID,
    messageTemplateId: named.id,
    templateName: named.name,
    templateText: named.text,
  };
};
