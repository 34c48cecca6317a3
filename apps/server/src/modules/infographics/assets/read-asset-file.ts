import type { Readable } from 'node:stream';
import type { AppDeps } from '../../../app-deps';
import { notFound } from '../../../http/errors';
import { findDesignAsset } from './list-assets';

export type DesignAssetFile = { body: Readable; size: number; contentType: string; fileName: string };

/** An asset's file or its thumbnail (pictures only); 404 for an unknown asset or a missing file. */
export const readDesignAssetFile = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  id: number,
  variant: 'file' | 'thumbnail',
): Promise<DesignAssetFile> => {
  const row = await findDesignAsset(deps.db, id);
  const key = variant === 'file' ? row.storageKey : row.thumbKey;
  if (!key) throw notFound('This file has no thumbnail');
  const object = await deps.storage.get(key);
  if (!object) throw notFound('The file is missing from storage');
  const safeName = row.name.replace(/[^A-Za-z0-9 ._-]+/g, '_').slice(0, 100) || 'asset';
  return {
    body: object.body,
    size: object.size,
    contentType: variant === 'file' ? row.mime : 'image/webp',
    fileName: variant === 'file' ? safeName : `${safeName.replace(/\.[A-Za-z0-9]+$/, '')}-thumbnail.webp`,
  };
};
