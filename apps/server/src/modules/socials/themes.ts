import { SOCIAL_MESSAGES } from '@sales-assist/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type InfographicThemeRow, infographicThemes } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';

/** A theme a new picture may use: it exists (404) and is not retired (400). */
export const usableTheme = async (db: DbOrTx, themeId: number): Promise<InfographicThemeRow> => {
  const [theme] = await db
    .select()
    .from(infographicThemes)
    .where(inArray(infographicThemes.id, [themeId]));
  if (!theme) throw notFound(SOCIAL_MESSAGES.themeNotFound);
  if (theme.retiredAt) throw new AppError(400, 'validation_error', SOCIAL_MESSAGES.themeRetired);
  return theme;
};

/** The names of these themes, by id (for the posts' views). */
export const themeNamesOf = async (db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: infographicThemes.id, name: infographicThemes.name })
    .from(infographicThemes)
    .where(inArray(infographicThemes.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
};
