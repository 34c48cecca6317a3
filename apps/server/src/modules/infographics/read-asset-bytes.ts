import type { TInfographicDesign } from '@sales-assist/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { designAssets } from '../../db/schema';
import { readStoredBytes, type Storage } from '../../lib/clients/storage';
import { InfographicAssetMissingError, type InfographicAssets } from '../../lib/writers/infographics';
import { designAssetIds } from './design-assets-check';

export type DesignAssetRef = { id: number; kind: string; sha256: string; storageKey: string };

/** The rows of the assets named (those that exist). */
export const findDesignAssets = async (db: DbOrTx, ids: number[]): Promise<Map<number, DesignAssetRef>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: designAssets.id,
      kind: designAssets.kind,
      sha256: designAssets.sha256,
      storageKey: designAssets.storageKey,
    })
    .from(designAssets)
    .where(inArray(designAssets.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
};

/** An asset's bytes, or InfographicAssetMissingError when its row or file is gone. */
export const readAssetBytes = async (
  storage: Storage,
  assets: Map<number, DesignAssetRef>,
  id: number,
  what: 'font' | 'background picture',
): Promise<Buffer> => {
  const asset = assets.get(id);
  const bytes = asset ? await readStoredBytes(storage, asset.storageKey) : null;
  if (!bytes) throw new InfographicAssetMissingError(id, what);
  return bytes;
};

/** The rows of every uploaded asset a design draws with (fonts and background). */
export const findAssetsOfDesign = (db: DbOrTx, design: TInfographicDesign) => {
  const ids = designAssetIds(design);
  return findDesignAssets(db, [...ids.fonts, ...(ids.background === null ? [] : [ids.background])]);
};

/** The bytes of a design's uploaded fonts and background picture, as the renderer takes them. */
export const readAssetsOfDesign = async (
  storage: Storage,
  design: TInfographicDesign,
  assets: Map<number, DesignAssetRef>,
): Promise<InfographicAssets> => {
  const ids = designAssetIds(design);
  const fonts = new Map<number, Buffer>();
  for (const id of ids.fonts) fonts.set(id, await readAssetBytes(storage, assets, id, 'font'));
  const background =
    ids.background === null
      ? null
      : await readAssetBytes(storage, assets, ids.background, 'background picture');
  return { fonts, background };
};
