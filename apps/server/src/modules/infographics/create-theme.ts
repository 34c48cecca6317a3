import {
  TEMPLATE_PROMPT_TYPES,
  type TInfographicDesign,
  type TTemplatePromptType,
} from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { infographicThemes, templateEntries } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/errors';
import { assertDesignAssets } from './design-assets-check';

export type CreatedTheme = { id: number; version: number; entryIds: Record<TTemplatePromptType, number> };

export const themeNameTaken = (name: string): AppError =>
  new AppError(409, 'name_taken', `A theme named "${name}" already exists. Choose another name.`);

/**
 * A new theme and its three template entries (Selection, Image, Text Post), all or nothing: run in a
 * transaction of its own, or a savepoint of the caller's (an import that creates many themes keeps its
 * own transaction going after a refused one). The design's uploaded assets must exist (400); a name
 * already used, in any case, is refused (409). `promptIds` are stored as given: null (the default)
 * means "the current prompt of the type's purpose"; a caller setting ids checks them first
 * (modules/templates checks purpose and retirement).
 */
export const createTheme = async (
  db: DbOrTx,
  input: {
    name: string;
    design: TInfographicDesign;
    builtIn?: boolean;
    createdBy?: string | null;
    promptIds?: Partial<Record<TTemplatePromptType, number | null>>;
  },
): Promise<CreatedTheme> => {
  const name = input.name.trim();
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: infographicThemes.id })
        .from(infographicThemes)
        .where(sql`lower(${infographicThemes.name}) = lower(${name})`)
        .limit(1);
      if (existing) throw themeNameTaken(name);
      await assertDesignAssets(tx, input.design);
      const [theme] = await tx
        .insert(infographicThemes)
        .values({
          name,
          design: input.design,
          builtIn: input.builtIn ?? false,
          updatedBy: input.createdBy ?? null,
        })
        .returning({ id: infographicThemes.id, version: infographicThemes.version });
      if (!theme) throw new Error('createTheme: the insert returned no row');
      const entries = await tx
        .insert(templateEntries)
        .values(
          TEMPLATE_PROMPT_TYPES.map((promptType) => ({
            themeId: theme.id,
            promptType,
            promptId: input.promptIds?.[promptType] ?? null,
            updatedBy: input.createdBy ?? null,
          })),
        )
        .returning({ id: templateEntries.id, promptType: templateEntries.promptType });
      const entryIds = Object.fromEntries(entries.map((entry) => [entry.promptType, entry.id])) as Record<
        TTemplatePromptType,
        number
      >;
      return { id: theme.id, version: theme.version, entryIds };
    });
  } catch (error) {
    // Two admins creating the same name at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw themeNameTaken(name);
    throw error;
  }
};
