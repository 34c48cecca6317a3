import type { TInfographicDesign } from '@sales-assist/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { designAssets } from '../../db/schema';
import { AppError } from '../../http/errors';

/** The uploaded assets a design draws with: fonts by id and the background picture's id. */
export const designAssetIds = (
  design: TInfographicDesign,
): { fonts: number[]; background: number | null } => {
  const fonts = [design.heading_font, design.body_font].flatMap((font) =>
    'asset_id' in font ? [font.asset_id] : [],
  );
  return { fonts: [...new Set(fonts)], background: design.background_asset_id };
};

/**
 * Refuses (400) a design naming an asset that does not exist or is of the wrong kind: a font id must be
 * an uploaded font, a background a picture (background or image). Saved themes therefore always draw.
 */
export const assertDesignAssets = async (db: DbOrTx, design: TInfographicDesign): Promise<void> => {
  const { fonts, background } = designAssetIds(design);
  const ids = [...fonts, ...(background === null ? [] : [background])];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: designAssets.id, kind: designAssets.kind })
    .from(designAssets)
    .where(inArray(designAssets.id, ids))
    // Held to the end of the caller's transaction: an asset cannot be deleted under a theme being saved.
    .for('share');
  const kindOf = new Map(rows.map((row) => [row.id, row.kind]));
  for (const id of fonts) {
    if (kindOf.get(id) !== 'font')
      throw new AppError(
        400,
        'unknown_asset',
        `Font ${id} is not an uploaded font. Choose a font from the list.`,
      );
  }
  if (background !== null) {
    const kind = kindOf.get(background);
    if (kind !== 'background' && kind !== 'image')
      throw new AppError(
        400,
        'unknown_asset',
        `Background ${background} is not an uploaded picture. Choose a background from the list.`,
      );
  }
};
