import {
  type TAdminInfographicTheme,
  type TInfographicThemeSummary,
  ZInfographicDesign,
} from '@sales-assist/contract';
import { asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type InfographicThemeRow, infographicThemes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { THEME_NOT_FOUND } from './render-theme-picture';

/** The theme's preview; the version in the address makes an edited theme's preview a new URL. */
export const themePreviewUri = (row: Pick<InfographicThemeRow, 'id' | 'version'>): string =>
  `/api/infographic-themes/${row.id}/preview?v=${row.version}`;

export const themeSummary = (row: InfographicThemeRow): TInfographicThemeSummary => {
  const design = ZInfographicDesign.parse(row.design);
  return {
    id: row.id,
    name: row.name,
    layout: design.layout,
    size: design.size,
    version: row.version,
    preview_uri: themePreviewUri(row),
  };
};

export const adminTheme = (row: InfographicThemeRow): TAdminInfographicTheme => ({
  id: row.id,
  name: row.name,
  design: ZInfographicDesign.parse(row.design),
  version: row.version,
  built_in: row.builtIn,
  retired: row.retiredAt !== null,
  retired_at: row.retiredAt?.toISOString() ?? null,
  preview_uri: themePreviewUri(row),
  updated_at: row.updatedAt.toISOString(),
});

/** The themes Socials offers: every one not retired, by id. */
export const offeredThemes = async (db: DbOrTx): Promise<TInfographicThemeSummary[]> =>
  (
    await db
      .select()
      .from(infographicThemes)
      .where(isNull(infographicThemes.retiredAt))
      .orderBy(asc(infographicThemes.id))
  ).map(themeSummary);

/** Every theme, retired ones too, by id (Infographic Management). */
export const allThemes = async (db: DbOrTx): Promise<TAdminInfographicTheme[]> =>
  (await db.select().from(infographicThemes).orderBy(asc(infographicThemes.id))).map(adminTheme);

export const findTheme = async (db: DbOrTx, id: number): Promise<InfographicThemeRow> => {
  const [row] = await db.select().from(infographicThemes).where(eq(infographicThemes.id, id));
  if (!row) throw notFound(THEME_NOT_FOUND);
  return row;
};
