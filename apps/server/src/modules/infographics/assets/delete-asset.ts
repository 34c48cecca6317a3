import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { designAssets, infographicThemes } from '../../../db/schema';
import { AppError, notFound } from '../../../http/errors';
import { themesByAsset } from './asset-view';
import { ASSET_NOT_FOUND } from './list-assets';

/**
 * Deletes an uploaded asset and its files, refused (409 asset_in_use, naming the themes) while any
 * theme, retired ones too, draws with it. The themes are read under a share lock, so a theme saved
 * with this asset at the same moment waits for the delete, whose row is then gone (its save is
 * refused as naming an unknown asset).
 */
export const deleteDesignAsset = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  id: number,
  log: { warn: (obj: object, msg: string) => void },
): Promise<{ message: string }> => {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(designAssets).where(eq(designAssets.id, id)).for('update');
    if (!row) throw notFound(ASSET_NOT_FOUND);
    const themes = await tx
      .select({ id: infographicThemes.id, name: infographicThemes.name, design: infographicThemes.design })
      .from(infographicThemes)
      .for('share');
    const users = themesByAsset(themes).get(id) ?? [];
    if (users.length > 0) {
      const names = users.map((theme) => `"${theme.name}"`).join(', ');
      throw new AppError(
        409,
        'asset_in_use',
        `${row.name} is used by ${users.length === 1 ? 'the theme' : 'the themes'} ${names}. Choose another file in ${users.length === 1 ? 'that theme' : 'those themes'} first.`,
        { used_by: users },
      );
    }
    await tx.delete(designAssets).where(eq(designAssets.id, id));
    return row;
  });
  // The row is gone first: a file left behind by a failed delete is only wasted space, never a broken theme.
  for (const key of [removed.storageKey, removed.thumbKey]) {
    if (!key) continue;
    await deps.storage
      .delete(key)
      .catch((error: unknown) => log.warn({ err: error, key }, 'design asset file not removed'));
  }
  return { message: `${removed.name} deleted` };
};
