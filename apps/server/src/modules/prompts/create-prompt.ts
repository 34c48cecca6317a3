import {
  PROMPT_MESSAGES,
  type TAdminPromptResponse,
  type TCreatePromptRequest,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { prompts } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict } from '../../http/errors';
import { assertPromptText } from './check-prompt-text';
import { adminPrompt } from './prompt-view';

export const nameTaken = (name: string) => conflict(`A prompt named "${name}" already exists`);

/**
 * A new prompt, version 1, written by the caller. Being the newest of its purpose it is the one in use
 * from the next generation on. Names are unique in any letter case (the index decides, race-free).
 */
export const createPrompt = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: string,
  input: Required<TCreatePromptRequest>,
): Promise<TAdminPromptResponse> => {
  const variables = assertPromptText(input.text, input.purpose);
  const now = deps.clock.now();
  try {
    const [created] = await deps.db
      .insert(prompts)
      .values({
        purpose: input.purpose,
        name: input.name,
        text: input.text,
        variables,
        updatedBy: callerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: prompts.id });
    if (!created) throw new Error('insert returned no row');
    return { message: PROMPT_MESSAGES.created, prompt: await adminPrompt(deps.db, created.id) };
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
};
