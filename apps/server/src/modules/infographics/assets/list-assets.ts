import type { TDesignAsset, TDesignAssetKind, TDesignAssetsResponse } from '@sales-assist/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { designAssets, infographicThemes } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { designAssetView, themesByAsset } from './asset-view';

export const ASSET_NOT_FOUND = 'No such file';

const themeUses = async (db: DbOrTx) =>
  themesByAsset(
    await db
      .select({ id: infographicThemes.id, name: infographicThemes.name, design: infographicThemes.design })
      .from(infographicThemes),
  );

/** A page of the uploaded assets, newest first, of one kind or all, each with the themes using it. */
export const listDesignAssets = async (
  db: DbOrTx,
  query: { kind?: TDesignAssetKind | undefined; page: number; page_size: number },
): Promise<TDesignAssetsResponse> => {
  const where = query.kind ? eq(designAssets.kind, query.kind) : undefined;
  const [rows, [total], uses] = await Promise.all([
    db
      .select()
      .from(designAssets)
      .where(where)
      .orderBy(desc(designAssets.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(designAssets).where(where),
    themeUses(db),
  ]);
  return {
    assets: rows.map((row) => designAssetView(row, uses.get(row.id) ?? [])),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
};

export const findDesignAsset = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(designAssets).where(eq(designAssets.id, id));
  if (!row) throw notFound(ASSET_NOT_FOUND);
  return row;
};

/** One asset as the API shows it. */
export const designAsset = async (db: DbOrTx, id: number): Promise<TDesignAsset> => {
  const row = await findDesignAsset(db, id);
  return designAssetView(row, (await themeUses(db)).get(id) ?? []);
};

/** The themes drawing with the asset (for the delete refusal). */
export const themesUsingAsset = async (db: DbOrTx, id: number) => (await themeUses(db)).get(id) ?? [];
