import {
  TEMPLATE_PROMPT_PURPOSES,
  TEMPLATE_PROMPT_TYPES,
  type TTemplatePromptType,
} from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { prompts, templateEntries } from '../../db/schema';
import type { ContentPrompt } from '../../lib/writers/content-writer/types';
import { currentPrompt } from '../prompts/current-prompt';

/** The three prompts a theme's social posts are made with, one per Template Editor prompt type. */
export type TemplatePrompts = Record<TTemplatePromptType, ContentPrompt>;

/**
 * The prompts a theme uses: for each of its template entries the prompt the admin chose in the
 * Template Editor, or the current prompt of the type's purpose (modules/prompts/current-prompt.ts) when
 * the entry names none, names a prompt retired since, or names a prompt of another purpose (the editor
 * refuses that; the check here keeps an older row from steering the wrong step). A theme without an
 * entry for a type (or no theme of that id) falls back the same way: whether the theme may be used is
 * the caller's question, not this one's. One query for the three entries; a fallback reads the prompts
 * table once per type that needs it.
 */
export const templatePrompts = async (db: DbOrTx, themeId: number): Promise<TemplatePrompts> => {
  const rows = await db
    .select({
      promptType: templateEntries.promptType,
      id: prompts.id,
      version: prompts.version,
      name: prompts.name,
      text: prompts.text,
      purpose: prompts.purpose,
      retiredAt: prompts.retiredAt,
    })
    .from(templateEntries)
    .leftJoin(prompts, eq(prompts.id, templateEntries.promptId))
    .where(eq(templateEntries.themeId, themeId));

  const pick = async (type: TTemplatePromptType): Promise<ContentPrompt> => {
    const purpose = TEMPLATE_PROMPT_PURPOSES[type];
    const chosen = rows.find((row) => row.promptType === type);
    if (
      chosen?.id != null &&
      chosen.version != null &&
      chosen.name != null &&
      chosen.text != null &&
      chosen.retiredAt === null &&
      chosen.purpose === purpose
    ) {
      return { id: chosen.id, version: chosen.version, name: chosen.name, text: chosen.text };
    }
    return currentPrompt(db, purpose);
  };

  // One after the other: inside a transaction the queries share one connection anyway.
  const picked = {} as TemplatePrompts;
  for (const type of TEMPLATE_PROMPT_TYPES) picked[type] = await pick(type);
  return picked;
};
