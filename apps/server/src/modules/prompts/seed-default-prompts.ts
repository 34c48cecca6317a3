import { checkPromptText } from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import { prompts } from '../../db/schema';
import { DEFAULT_PROMPTS } from './default-prompts';

/** The {variables} a built-in prompt uses; a built-in that fails the editor's own check is a bug. */
const variablesOf = (text: string, purpose: (typeof DEFAULT_PROMPTS)[number]['purpose']): string[] => {
  const check = checkPromptText(text, purpose);
  if (!check.ok) throw new Error(`Built-in prompt for ${purpose}: ${check.message}`);
  return check.variables;
};

/**
 * Makes sure every built-in prompt exists; run by every process at start. One statement, ON CONFLICT
 * DO NOTHING on the unique name: several processes starting at once insert each prompt once, a second
 * start changes nothing, and a prompt an admin edited or retired stays as the admin left it. A built-in
 * added by a later release arrives at the next start. Answers how many were added.
 */
export const seedDefaultPrompts = async (db: DbOrTx): Promise<number> => {
  const added = await db
    .insert(prompts)
    .values(
      DEFAULT_PROMPTS.map((prompt) => ({
        purpose: prompt.purpose,
        name: prompt.name,
        text: prompt.text,
        variables: variablesOf(prompt.text, prompt.purpose),
        builtIn: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: prompts.id });
  return added.length;
};
