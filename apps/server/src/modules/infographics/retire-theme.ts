import { INFOGRAPHIC_THEME_MESSAGES, type TAdminInfographicThemeResponse } from '@sales-assist/contract';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { infographicThemes } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { THEME_NOT_FOUND } from './render-theme-picture';
import { adminTheme } from './theme-view';

/**
 * Retires a theme (no longer offered for new posts; posts made with it keep their pictures) or brings
 * it back. The last theme offered cannot be retired: Socials always has one to draw with. The rows are
 * locked so two admins retiring the last two at once cannot both succeed.
 */
export const setThemeRetired = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: number,
  retired: boolean,
): Promise<TAdminInfographicThemeResponse> =>
  deps.db.transaction(async (tx) => {
    const offered = await tx
      .select({ id: infographicThemes.id, retiredAt: infographicThemes.retiredAt })
      .from(infographicThemes)
      .where(isNull(infographicThemes.retiredAt))
      .for('update');
    const [current] = await tx
      .select()
      .from(infographicThemes)
      .where(eq(infographicThemes.id, id))
      .for('update');
    if (!current) throw notFound(THEME_NOT_FOUND);
    if (retired && current.retiredAt === null) {
      const [others] = await tx
        .select({ n: count() })
        .from(infographicThemes)
        .where(and(isNull(infographicThemes.retiredAt), ne(infographicThemes.id, id)));
      if ((others?.n ?? 0) === 0 || offered.length <= 1)
        throw new AppError(
          409,
          'last_theme',
          'This is the last theme offered to users: create or restore another before retiring it.',
        );
    }
    if (retired !== (current.retiredAt !== null)) {
      await tx
        .update(infographicThemes)
        .set({ retiredAt: retired ? deps.clock.now() : null, updatedAt: deps.clock.now() })
        .where(eq(infographicThemes.id, id));
    }
    const [row] = await tx.select().from(infographicThemes).where(eq(infographicThemes.id, id));
    if (!row) throw notFound(THEME_NOT_FOUND);
    return {
      message: retired ? INFOGRAPHIC_THEME_MESSAGES.retired : INFOGRAPHIC_THEME_MESSAGES.restored,
      theme: adminTheme(row),
    };
  });
