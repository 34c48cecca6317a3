import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type PromptRow, prompts, promptVersions } from '../../db/schema';
import { AppError } from '../../http/errors';

/** A save of a version that is no longer the current one: someone else saved in between. */
export const staleVersion = (current: number, edited: number): AppError =>
  new AppError(
    409,
    'stale_version',
    `Someone else saved this prompt while you were editing it (you edited version ${edited}, it is now version ${current}). Load the latest version and make your change again.`,
    { current_version: current },
  );

/**
 * Makes `next` the prompt's new current version, inside the caller's transaction (which holds the row
 * locked): the text it replaces goes to prompt_versions first, with who wrote it and when, so every
 * version stays in the history and can be restored.
 */
export const savePromptVersion = async (
  tx: DbOrTx,
  current: PromptRow,
  next: { name: string; text: string; variables: string[] },
  editedBy: string,
  now: Date,
): Promise<void> => {
  await tx.insert(promptVersions).values({
    promptId: current.id,
    version: current.version,
    name: current.name,
    text: current.text,
    variables: current.variables,
    editedBy: current.updatedBy,
    editedAt: current.updatedAt,
  });
  await tx
    .update(prompts)
    .set({ ...next, version: current.version + 1, updatedBy: editedBy, updatedAt: now })
    .where(eq(prompts.id, current.id));
};
