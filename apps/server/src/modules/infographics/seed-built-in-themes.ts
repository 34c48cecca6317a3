import { TEMPLATE_PROMPT_TYPES, ZInfographicDesign } from '@sales-assist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { infographicThemes, templateEntries } from '../../db/schema';
import { BUILT_IN_THEMES } from './built-in-themes';

/**
 * Makes sure every built-in theme and its three template entries exist; run by every process at start,
 * like the built-in prompts. Two statements, each ON CONFLICT DO NOTHING on a unique index (the theme's
 * name; the entry's theme and prompt type): processes starting at once add each row once, a second start
 * changes nothing, and a theme an admin edited or retired stays as the admin left it. Answers how many
 * themes were added.
 */
export const seedBuiltInThemes = async (db: DbOrTx): Promise<number> => {
  const added = await db
    .insert(infographicThemes)
    .values(
      BUILT_IN_THEMES.map((theme) => ({
        name: theme.name,
        design: ZInfographicDesign.parse(theme.design),
        builtIn: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: infographicThemes.id });
  const themes = await db
    .select({ id: infographicThemes.id })
    .from(infographicThemes)
    .where(
      and(
        eq(infographicThemes.builtIn, true),
        inArray(
          infographicThemes.name,
          BUILT_IN_THEMES.map((theme) => theme.name),
        ),
      ),
    );
  if (themes.length > 0) {
    await db
      .insert(templateEntries)
      .values(
        themes.flatMap((theme) =>
          TEMPLATE_PROMPT_TYPES.map((promptType) => ({ themeId: theme.id, promptType })),
        ),
      )
      .onConflictDoNothing();
  }
  return added.length;
};
