import { INPUT_LIMITS, INPUT_MESSAGES } from '@sales-assist/contract';
import {
  type PictureFormat,
  type ProcessedPicture,
  processPicture,
} from '../../../lib/core/images/process-picture';

export type ImageFormat = PictureFormat;
export type ProcessedImage = ProcessedPicture;

/**
 * An uploaded input picture checked and re-encoded under the Inputs limits (lib/core/images/process-picture:
 * pixel limit before decoding, upright, no EXIF, a WebP thumbnail).
 */
export const processImage = (bytes: Buffer, format: ImageFormat): Promise<ProcessedImage> =>
  processPicture(bytes, format, {
    maxPixels: INPUT_LIMITS.imagePixels,
    thumbnailPx: INPUT_LIMITS.thumbnailPx,
    unreadable: INPUT_MESSAGES.unreadable,
    tooManyPixels: INPUT_MESSAGES.tooManyPixels,
  });
