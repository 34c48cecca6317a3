import { PROMPT_MESSAGES, type TAdminPromptResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { prompts } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../http/errors';
import { assertPromptText } from './check-prompt-text';
import { nameTaken } from './create-prompt';
import { adminPrompt, PROMPT_NOT_FOUND } from './prompt-view';
import { savePromptVersion, staleVersion } from './save-prompt-version';

/**
 * An admin's edit of a prompt's text (and, for prompts of their own, its name). `version` is the one
 * the admin edited: the row is locked and compared, so of two saves of the same version the second is
 * refused (409) instead of silently undoing the first. The replaced text is kept in prompt_versions in
 * the same transaction. Saving what is already there changes nothing.
 */
export const updatePrompt = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: string,
  id: number,
  input: { name?: string | undefined; text: string; version: number },
): Promise<TAdminPromptResponse> => {
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(prompts).where(eq(prompts.id, id)).for('update');
      if (!current) throw notFound(PROMPT_NOT_FOUND);
      if (current.version !== input.version) throw staleVersion(current.version, input.version);
      const name = input.name ?? current.name;
      if (current.builtIn && name !== current.name) {
        throw new AppError(
          400,
          'built_in_name',
          `"${current.name}" is a built-in prompt and keeps its name; you can change its text`,
        );
      }
      if (name !== current.name || input.text !== current.text) {
        const variables = assertPromptText(input.text, current.purpose);
        await savePromptVersion(
          tx,
          current,
          { name, text: input.text, variables },
          callerId,
          deps.clock.now(),
        );
      }
      return { message: PROMPT_MESSAGES.updated, prompt: await adminPrompt(tx, id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name ?? '');
    throw error;
  }
};
