import type { TTemplateEntry } from '@sales-assist/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { infographicThemes, templateEntries } from '../../db/schema';
import { editorOrder } from './template-entry-order';

/**
 * Spec §7 GET /get-templates-data, "list of templates" (§3 Template entries: id, theme, theme_id,
 * promptid): one entry per theme in service and prompt type, by theme id (the order themes were made,
 * the built-in ones first) and then in the Template Editor's order. Retired themes are left out: they
 * are no longer offered, so there is nothing to edit. `onlyThemeId` narrows it to one theme.
 */
export const listTemplatesData = async (db: DbOrTx, onlyThemeId?: number): Promise<TTemplateEntry[]> =>
  db
    .select({
      id: templateEntries.id,
      theme: infographicThemes.name,
      theme_id: infographicThemes.id,
      promptid: templateEntries.promptId,
      prompt_type: templateEntries.promptType,
    })
    .from(templateEntries)
    .innerJoin(infographicThemes, eq(infographicThemes.id, templateEntries.themeId))
    .where(
      and(
        isNull(infographicThemes.retiredAt),
        onlyThemeId === undefined ? undefined : eq(infographicThemes.id, onlyThemeId),
      ),
    )
    .orderBy(asc(infographicThemes.id), editorOrder);
