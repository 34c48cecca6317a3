import {
  INFOGRAPHIC_THEME_MESSAGES,
  type TAdminInfographicThemeResponse,
  type TInfographicDesign,
} from '@sales-assist/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { infographicThemes } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../http/errors';
import { themeNameTaken } from './create-theme';
import { assertDesignAssets } from './design-assets-check';
import { THEME_NOT_FOUND } from './render-theme-picture';
import { adminTheme } from './theme-view';

export const staleThemeVersion = (current: number, edited: number): AppError =>
  new AppError(
    409,
    'stale_version',
    `Someone else saved this theme while you were editing it (you edited version ${edited}, it is now version ${current}). Load the latest version and make your change again.`,
    { current_version: current },
  );

/** Key order does not matter: two designs are the same when they draw the same. */
const sameDesign = (a: TInfographicDesign, b: TInfographicDesign): boolean => {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([key, inner]) => [key, canonical(inner)]),
        )
      : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
};

/**
 * An admin's edit of a theme's name or design. `version` is the one edited: the row is locked and
 * compared, so of two saves of the same version the second is refused (409 stale_version) instead of
 * silently undoing the first. A changed design bumps the version (its cached pictures are not reused);
 * a rename alone does not. A built-in theme keeps its name, as built-in prompts do.
 */
export const updateTheme = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: string,
  id: number,
  input: { name?: string | undefined; design?: TInfographicDesign | undefined; version: number },
): Promise<TAdminInfographicThemeResponse> => {
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(infographicThemes)
        .where(eq(infographicThemes.id, id))
        .for('update');
      if (!current) throw notFound(THEME_NOT_FOUND);
      if (current.version !== input.version) throw staleThemeVersion(current.version, input.version);
      const name = input.name?.trim() ?? current.name;
      if (current.builtIn && name !== current.name)
        throw new AppError(
          400,
          'built_in_name',
          `"${current.name}" is a built-in theme and keeps its name; you can change its design`,
        );
      if (name.toLowerCase() !== current.name.toLowerCase()) {
        const [taken] = await tx
          .select({ id: infographicThemes.id })
          .from(infographicThemes)
          .where(and(sql`lower(${infographicThemes.name}) = lower(${name})`, ne(infographicThemes.id, id)))
          .limit(1);
        if (taken) throw themeNameTaken(name);
      }
      const designChanged = input.design !== undefined && !sameDesign(input.design, current.design);
      if (designChanged && input.design) await assertDesignAssets(tx, input.design);
      if (designChanged || name !== current.name) {
        await tx
          .update(infographicThemes)
          .set({
            name,
            ...(designChanged && input.design ? { design: input.design, version: current.version + 1 } : {}),
            updatedBy: callerId,
            updatedAt: deps.clock.now(),
          })
          .where(eq(infographicThemes.id, id));
      }
      const [row] = await tx.select().from(infographicThemes).where(eq(infographicThemes.id, id));
      if (!row) throw notFound(THEME_NOT_FOUND);
      return { message: INFOGRAPHIC_THEME_MESSAGES.updated, theme: adminTheme(row) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw themeNameTaken(input.name ?? '');
    throw error;
  }
};
