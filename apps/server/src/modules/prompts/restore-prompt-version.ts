import { PROMPT_MESSAGES, type TAdminPromptResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { prompts, promptVersions } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { assertPromptText } from './check-prompt-text';
import { adminPrompt, PROMPT_NOT_FOUND } from './prompt-view';
import { savePromptVersion, staleVersion } from './save-prompt-version';

/**
 * Brings an earlier version's text back as a new version (the history only grows: the text it replaces
 * is kept too). The name stays: names are unique, and an old one may belong to another prompt by now.
 * The old text is checked again, in case its purpose no longer allows one of its variables.
 */
export const restorePromptVersion = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: string,
  id: number,
  input: { from_version: number; version: number },
): Promise<TAdminPromptResponse> =>
  deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(prompts).where(eq(prompts.id, id)).for('update');
    if (!current) throw notFound(PROMPT_NOT_FOUND);
    if (current.version !== input.version) throw staleVersion(current.version, input.version);
    if (input.from_version === current.version) {
      throw new AppError(400, 'current_version', `Version ${current.version} is already the current text`);
    }
    const [earlier] = await tx
      .select({ text: promptVersions.text })
      .from(promptVersions)
      .where(and(eq(promptVersions.promptId, id), eq(promptVersions.version, input.from_version)));
    if (!earlier) throw notFound(`This prompt has no version ${input.from_version}`);
    if (earlier.text !== current.text) {
      const variables = assertPromptText(earlier.text, current.purpose);
      await savePromptVersion(
        tx,
        current,
        { name: current.name, text: earlier.text, variables },
        callerId,
        deps.clock.now(),
      );
    }
    return { message: PROMPT_MESSAGES.updated, prompt: await adminPrompt(tx, id) };
  });
