import type { TPromptsResponse } from '@sales-assist/contract';
import { asc, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { prompts } from '../../db/schema';

/**
 * Spec §7 GET /prompts: every prompt that is not retired, by promptid, with its purpose (the Template
 * Editor shows it, so an admin picks a prompt that fits the step). Any signed-in account may list
 * them (names and ids are what a screen needs to refer to a prompt), but only admins read the text:
 * it is the admins' work and a map for anyone trying to steer the writer, so for others prompttext is
 * empty and the shape stays the spec's.
 */
export const listPrompts = async (db: DbOrTx, caller: { isAdmin: boolean }): Promise<TPromptsResponse> => {
  const rows = await db
    .select({ id: prompts.id, name: prompts.name, text: prompts.text, purpose: prompts.purpose })
    .from(prompts)
    .where(isNull(prompts.retiredAt))
    .orderBy(asc(prompts.id));
  return {
    data: rows.map((row) => ({
      promptname: row.name,
      promptid: row.id,
      prompttext: caller.isAdmin ? row.text : '',
      purpose: row.purpose,
    })),
  };
};
