import type { TDesignAsset } from '@sales-assist/contract';
import type { DesignAssetRow, InfographicThemeRow } from '../../../db/schema';
import { designAssetIds } from '../design-assets-check';

export type ThemeUse = { id: number; name: string };

/** Which themes draw with each asset (retired themes too: they may come back), by asset id. */
export const themesByAsset = (
  themes: Pick<InfographicThemeRow, 'id' | 'name' | 'design'>[],
): Map<number, ThemeUse[]> => {
  const uses = new Map<number, ThemeUse[]>();
  for (const theme of themes) {
    const ids = designAssetIds(theme.design);
    for (const id of new Set([...ids.fonts, ...(ids.background === null ? [] : [ids.background])])) {
      uses.set(id, [...(uses.get(id) ?? []), { id: theme.id, name: theme.name }]);
    }
  }
  return uses;
};

export const designAssetView = (row: DesignAssetRow, usedBy: ThemeUse[]): TDesignAsset => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  mime: row.mime,
  size_bytes: row.sizeBytes,
  width: row.width,
  height: row.height,
  font_family: row.fontFamily,
  file_uri: `/api/admin/assets/${row.id}/file`,
  thumbnail_uri: row.thumbKey ? `/api/admin/assets/${row.id}/thumbnail` : null,
  used_by: usedBy,
  created_at: row.createdAt.toISOString(),
});
