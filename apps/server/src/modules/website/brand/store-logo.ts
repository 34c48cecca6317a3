import { createHash } from 'node:crypto';
import type { AppDeps } from '../../../app-deps';
import type { BrandLogo } from '../../../db/schema';
import { loadSharp } from '../../../lib/core/images/load-sharp';

/**
 * The logo is drawn at most about 90 pixels high on a picture: kept at 512 pixels on its longer side, it
 * stays sharp on every size and costs a few kilobytes. A logo file larger than this many pixels is not a
 * logo (sharp refuses it before decoding).
 */
export const LOGO_LIMITS = { side: 512, inputPixels: 16_000_000 } as const;

/** Where a user's logo is kept: named by its bytes, so reading the same site again writes nothing new. */
const logoKey = (userId: string, sha256: string) => `brand-logos/${userId}/${sha256}.png`;

/**
 * The site's logo file (PNG, JPEG, GIF, WebP or SVG) made into a PNG of at most 512 pixels a side with its
 * transparency, and kept in storage. A file sharp cannot read (a broken or mislabelled picture, an SVG
 * that is not one) gives no logo rather than an error: the site is still read.
 */
export const storeLogo = async (
  storage: AppDeps['storage'],
  userId: string,
  bytes: Buffer,
): Promise<BrandLogo | null> => {
  const sharp = await loadSharp();
  let png: { data: Buffer; info: { width: number; height: number } };
  try {
    png = await sharp(bytes, { limitInputPixels: LOGO_LIMITS.inputPixels, density: 144 })
      .resize(LOGO_LIMITS.side, LOGO_LIMITS.side, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  if (png.info.width < 8 || png.info.height < 8) return null;
  const sha256 = createHash('sha256').update(png.data).digest('hex');
  const storageKey = logoKey(userId, sha256);
  if (!(await storage.exists(storageKey))) await storage.put(storageKey, png.data, 'image/png');
  return { storageKey, sha256, width: png.info.width, height: png.info.height };
};
