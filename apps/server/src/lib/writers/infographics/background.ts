import { createHash } from 'node:crypto';
import { INFOGRAPHIC_MAX_PIXELS } from '@sales-assist/contract';
import { loadSharp } from '../../core/images/load-sharp';
import { InfographicPictureError } from './errors';

/** Backgrounds already fitted to a size, by bytes and size: drawing the same theme again skips sharp. */
const fitted = new Map<string, string>();
const CACHE_SIZE = 16;

/**
 * The background picture cropped to cover the picture's size, as a JPEG data URL satori can embed
 * (satori reads PNG and JPEG only, and a smaller embedded picture keeps the SVG small).
 */
export const backgroundDataUrl = async (bytes: Buffer, width: number, height: number): Promise<string> => {
  const key = `${createHash('sha256').update(bytes).digest('hex')}:${width}x${height}`;
  const hit = fitted.get(key);
  if (hit) return hit;
  const sharp = await loadSharp();
  let jpeg: Buffer;
  try {
    jpeg = await sharp(bytes, { limitInputPixels: INFOGRAPHIC_MAX_PIXELS })
      .rotate()
      .resize(width, height, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch (error) {
    throw new InfographicPictureError(error instanceof Error ? error.message : String(error));
  }
  const url = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  if (fitted.size >= CACHE_SIZE) {
    const oldest = fitted.keys().next().value;
    if (oldest) fitted.delete(oldest);
  }
  fitted.set(key, url);
  return url;
};
