import { PROMPT_MESSAGES, PROMPT_PURPOSE_LABELS, type TAdminPromptResponse } from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { prompts } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { adminPrompt, PROMPT_NOT_FOUND } from './prompt-view';

/**
 * Retires a prompt (generation stops using it; old content still names it) or brings it back. Every
 * purpose keeps at least one prompt in use: retiring the last is refused. The prompts of the purpose
 * are locked first, so two admins retiring the last two at once cannot both pass.
 */
export const setPromptRetired = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: number,
  retired: boolean,
): Promise<TAdminPromptResponse> =>
  deps.db.transaction(async (tx) => {
    const siblings = await tx
      .select({ id: prompts.id, name: prompts.name, purpose: prompts.purpose, retiredAt: prompts.retiredAt })
      .from(prompts)
      .where(
        eq(prompts.purpose, sql`(SELECT ${prompts.purpose} FROM ${prompts} WHERE ${prompts.id} = ${id})`),
      )
      .orderBy(prompts.id)
      .for('update');
    const target = siblings.find((row) => row.id === id);
    if (!target) throw notFound(PROMPT_NOT_FOUND);
    if ((target.retiredAt !== null) !== retired) {
      if (retired && !siblings.some((row) => row.id !== id && row.retiredAt === null)) {
        const label = PROMPT_PURPOSE_LABELS[target.purpose];
        throw new AppError(
          409,
          'last_prompt',
          `"${target.name}" is the only prompt in service for ${label}: create another ${label} prompt or put one back before retiring it`,
        );
      }
      await tx
        .update(prompts)
        .set({ retiredAt: retired ? deps.clock.now() : null })
        .where(eq(prompts.id, id));
    }
    return {
      message: retired ? PROMPT_MESSAGES.retired : PROMPT_MESSAGES.unretired,
      prompt: await adminPrompt(tx, id),
    };
  });
