import type { Metadata, SharpOptions } from 'sharp';
import { AppError } from '../app-error';
import { loadSharp } from './load-sharp';

export type PictureFormat = 'png' | 'jpeg' | 'webp';

export type ProcessedPicture = {
  /** The picture as kept: upright, in its own format, without EXIF or other metadata (GPS, camera). */
  image: Buffer;
  /** At most `thumbnailPx` on its longer side, WebP. */
  thumbnail: Buffer;
  width: number;
  height: number;
};

/** What the caller allows and how it words the refusals (Inputs and design assets differ). */
export type PictureRules = {
  maxPixels: number;
  thumbnailPx: number;
  /** 422 unreadable_file: not a picture of the format found, or damaged. */
  unreadable: string;
  /** 413 too_large: more pixels than maxPixels. */
  tooManyPixels: string;
};

/** EXIF orientations 5–8 turn the picture a quarter: its width and height swap once it is upright. */
const uprightSize = (meta: Metadata): { width: number; height: number } => {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
};

/**
 * Checks and re-encodes an uploaded picture whose format was found from its bytes. The pixel count is
 * read from the header and refused before anything is decoded (a small file can declare a huge
 * canvas); sharp's limitInputPixels guards the decode again. Re-encoding drops EXIF and every other
 * metadata block (the colour profile is kept, so colours stay true) after turning the picture upright.
 */
export const processPicture = async (
  bytes: Buffer,
  format: PictureFormat,
  rules: PictureRules,
): Promise<ProcessedPicture> => {
  const unreadable = () => new AppError(422, 'unreadable_file', rules.unreadable);
  const options: SharpOptions = { limitInputPixels: rules.maxPixels, failOn: 'error' };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (meta.format !== format) throw unreadable();
  const { width, height } = uprightSize(meta);
  if (width < 1 || height < 1) throw unreadable();
  if (width * height > rules.maxPixels) throw new AppError(413, 'too_large', rules.tooManyPixels);
  try {
    const upright = sharp(bytes, options).autoOrient();
    const encoded =
      format === 'png'
        ? upright.clone().keepIccProfile().png()
        : format === 'jpeg'
          ? upright.clone().keepIccProfile().jpeg({ quality: 90 })
          : upright.clone().keepIccProfile().webp({ quality: 90 });
    const [image, thumbnail] = await Promise.all([
      encoded.toBuffer(),
      upright
        .clone()
        .resize(rules.thumbnailPx, rules.thumbnailPx, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    return { image, thumbnail, width, height };
  } catch {
    throw unreadable();
  }
};
