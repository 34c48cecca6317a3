import type { Readable } from 'node:stream';
import type { AppDeps } from '../../app-deps';

export type RenderedPictureFile = { body: Readable; size: number; contentType: 'image/png' };

/**
 * A rendered picture's PNG by the storage key renderThemePicture answered, for serving; null when the
 * key is not a rendered picture's or the file is gone. Callers decide who may see it.
 */
export const readRenderedPicture = async (
  deps: Pick<AppDeps, 'storage'>,
  storageKey: string,
): Promise<RenderedPictureFile | null> => {
  if (!/^rendered\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/.test(storageKey)) return null;
  const object = await deps.storage.get(storageKey);
  if (!object) return null;
  return { body: object.body, size: object.size, contentType: 'image/png' };
};
