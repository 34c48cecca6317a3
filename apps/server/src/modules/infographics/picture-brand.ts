import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { websites } from '../../db/schema';
import { readStoredBytes } from '../../lib/clients/storage';
import type { InfographicBrand } from '../../lib/writers/infographics';

/** A user's brand as a picture draws it, and what of it the picture's cache key must name. */
export type PictureBrand = { brand: InfographicBrand; key: { colors: string[]; logo: string | null } };

/**
 * The brand look of the user a picture is for (website.look: colours, logo kept as a PNG), for a theme
 * that takes it. Null when they have no website or it gave neither colours nor logo (the theme's own
 * colours are used); a logo whose file is gone is left out.
 */
export const pictureBrandOf = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
): Promise<PictureBrand | null> => {
  const [row] = await deps.db
    .select({ look: websites.look })
    .from(websites)
    .where(eq(websites.userId, userId));
  if (!row) return null;
  const { colors, logo } = row.look;
  const png = logo ? await readStoredBytes(deps.storage, logo.storageKey) : null;
  if (colors.length === 0 && !png) return null;
  return {
    brand: { colors, logo: logo && png ? { png, width: logo.width, height: logo.height } : null },
    key: { colors, logo: logo && png ? logo.sha256 : null },
  };
};
