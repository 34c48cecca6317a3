import { createHash } from 'node:crypto';
import {
  DESIGN_ASSET_KIND_LABELS,
  DESIGN_ASSET_KIND_VALUES,
  DESIGN_FONT_MAX_BYTES,
  DESIGN_PICTURE_MAX_BYTES,
  INFOGRAPHIC_MAX_PIXELS,
  type TDesignAssetKind,
  type TDesignAssetResponse,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { designAssets } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import {
  type MultipartMessages,
  receiveMultipart,
  shownFileName,
  wholeFile,
} from '../../../http/receive-multipart';
import { byteSize, type UploadForm } from '../../../http/upload-form';
import { siblingKey, storageKey } from '../../../lib/clients/storage/storage-key';
import { type PictureFormat, processPicture } from '../../../lib/core/images/process-picture';
import { checkUploadedFont, InfographicFontError } from '../../../lib/writers/infographics';
import { designAsset } from './list-assets';

/** The multipart limits of an asset upload: one file, the kind and nothing much else. */
export const ASSET_UPLOAD_LIMITS = {
  fileSize: DESIGN_PICTURE_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const ASSET_MESSAGES = {
  selectFile: 'Please select a file',
  emptyFile: 'The file is empty',
  fileTooLarge: `The file is larger than ${megabytes(DESIGN_PICTURE_MAX_BYTES)}`,
  fontTooLarge: `A font can be at most ${megabytes(DESIGN_FONT_MAX_BYTES)}`,
  tooManyPixels: `The picture has more than ${INFOGRAPHIC_MAX_PIXELS / 1_000_000} million pixels`,
  unreadable: 'The picture could not be read: it may be damaged',
  kind: `Choose what the file is for: ${DESIGN_ASSET_KIND_VALUES.join(', ')}`,
  uploaded: 'Uploaded',
  existing: 'This file was already uploaded: here it is',
} as const;

/** The form: what the file is for, then the file (a font has a lower limit of its own). */
export const ASSET_UPLOAD_FORM: UploadForm = {
  file: {
    name: 'file',
    description: `A picture (PNG, JPEG or WebP, at most ${INFOGRAPHIC_MAX_PIXELS / 1_000_000} million pixels) or a font (TTF, OTF or WOFF, at most ${byteSize(DESIGN_FONT_MAX_BYTES)})`,
    maxBytes: DESIGN_PICTURE_MAX_BYTES,
  },
  fields: z.object({
    kind: z.enum(DESIGN_ASSET_KIND_VALUES).describe('What the file is for: image, background or font'),
  }),
};

const UPLOAD_MESSAGES: MultipartMessages = {
  missingFile: ASSET_MESSAGES.selectFile,
  tooLarge: ASSET_MESSAGES.fileTooLarge,
  tooManyParts: 'The form has too many parts. Send one file and its kind.',
};

const PICTURES: Record<string, PictureFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};
const FONTS: Record<string, string> = { 'font/ttf': 'ttf', 'font/otf': 'otf', 'font/woff': 'woff' };

type Prepared = {
  mime: string;
  extension: string;
  bytes: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
  fontFamily: string | null;
};

/** Checks the file by its content for the kind asked, and makes what is stored (re-encoded picture, thumbnail). */
const prepare = async (kind: TDesignAssetKind, bytes: Buffer, name: string): Promise<Prepared> => {
  const found = await fileTypeFromBuffer(bytes);
  const what = found ? `a ${found.ext.toUpperCase()} file` : 'not a file type we know';
  if (kind === 'font') {
    if (found?.mime === 'font/woff2')
      throw new AppError(
        415,
        'unsupported_file',
        'WOFF2 fonts cannot be measured for fitting text: upload the TTF, OTF or WOFF version of the font',
      );
    const extension = found ? FONTS[found.mime] : undefined;
    if (!found || !extension)
      throw new AppError(415, 'unsupported_file', `A font must be TTF, OTF or WOFF; this file is ${what}`);
    if (bytes.length > DESIGN_FONT_MAX_BYTES)
      throw new AppError(413, 'too_large', ASSET_MESSAGES.fontTooLarge);
    try {
      const { family } = await checkUploadedFont(bytes, name);
      return {
        mime: found.mime,
        extension,
        bytes,
        thumbnail: null,
        width: null,
        height: null,
        fontFamily: family,
      };
    } catch (error) {
      if (error instanceof InfographicFontError)
        throw new AppError(422, 'font_failed', `This font cannot be used: ${error.reason}`);
      throw error;
    }
  }
  const format = found ? PICTURES[found.mime] : undefined;
  if (!found || !format)
    throw new AppError(
      415,
      'unsupported_file',
      `${DESIGN_ASSET_KIND_LABELS[kind]} pictures must be PNG, JPEG or WebP; this file is ${what}`,
    );
  const picture = await processPicture(bytes, format, {
    maxPixels: INFOGRAPHIC_MAX_PIXELS,
    thumbnailPx: 320,
    unreadable: ASSET_MESSAGES.unreadable,
    tooManyPixels: ASSET_MESSAGES.tooManyPixels,
  });
  return {
    mime: found.mime,
    extension: format === 'jpeg' ? 'jpg' : format,
    bytes: picture.image,
    thumbnail: picture.thumbnail,
    width: picture.width,
    height: picture.height,
    fontFamily: null,
  };
};

const findSame = async (deps: Pick<AppDeps, 'db'>, kind: TDesignAssetKind, sha256: string) => {
  const [row] = await deps.db
    .select({ id: designAssets.id })
    .from(designAssets)
    .where(and(eq(designAssets.kind, kind), eq(designAssets.sha256, sha256)));
  return row ?? null;
};

/**
 * An admin's upload for templates (multipart/form-data: `kind` then `file`): a picture (image or
 * background: PNG, JPEG or WebP by content, within the pixel limit, re-encoded without EXIF, with a
 * thumbnail) or a font (TTF, OTF or WOFF by content, its family name read from it, refused unless a
 * trial picture draws with it). The same file uploaded again as the same kind answers the asset
 * already there (found by the SHA-256 of the bytes sent, before any work), never a second copy.
 */
export const uploadDesignAsset = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  adminId: string,
  request: FastifyRequest,
): Promise<{ status: 200 | 201; body: TDesignAssetResponse }> => {
  const { result, fields } = await receiveMultipart(
    request,
    UPLOAD_MESSAGES,
    wholeFile(DESIGN_PICTURE_MAX_BYTES, ASSET_MESSAGES.fileTooLarge),
  );
  const kind = DESIGN_ASSET_KIND_VALUES.find((value) => value === fields.kind?.trim());
  if (!kind) throw new AppError(400, 'validation_error', ASSET_MESSAGES.kind);
  if (result.bytes.length === 0) throw new AppError(400, 'validation_error', ASSET_MESSAGES.emptyFile);
  const name = shownFileName(result.fileName, 120);
  const sha256 = createHash('sha256').update(result.bytes).digest('hex');

  const existing = await findSame(deps, kind, sha256);
  if (existing)
    return {
      status: 200,
      body: {
        message: ASSET_MESSAGES.existing,
        existing: true,
        asset: await designAsset(deps.db, existing.id),
      },
    };

  const prepared = await prepare(kind, result.bytes, name);
  const key = storageKey('design-assets', prepared.extension);
  const thumbKey = prepared.thumbnail ? siblingKey(key, 'thumb', 'webp') : null;
  await deps.storage.put(key, prepared.bytes, prepared.mime);
  if (thumbKey && prepared.thumbnail) await deps.storage.put(thumbKey, prepared.thumbnail, 'image/webp');
  const [inserted] = await deps.db
    .insert(designAssets)
    .values({
      kind,
      name,
      mime: prepared.mime,
      sizeBytes: prepared.bytes.length,
      sha256,
      storageKey: key,
      thumbKey,
      width: prepared.width,
      height: prepared.height,
      fontFamily: prepared.fontFamily,
      uploadedBy: adminId,
    })
    .onConflictDoNothing()
    .returning({ id: designAssets.id });
  if (!inserted) {
    // The same file uploaded twice at once: the other upload's row won; this one's files go.
    await Promise.all([
      deps.storage.delete(key),
      thumbKey ? deps.storage.delete(thumbKey) : Promise.resolve(),
    ]);
    const winner = await findSame(deps, kind, sha256);
    if (!winner) throw new Error('uploadDesignAsset: conflicting row vanished');
    return {
      status: 200,
      body: {
        message: ASSET_MESSAGES.existing,
        existing: true,
        asset: await designAsset(deps.db, winner.id),
      },
    };
  }
  return {
    status: 201,
    body: {
      message: ASSET_MESSAGES.uploaded,
      existing: false,
      asset: await designAsset(deps.db, inserted.id),
    },
  };
};
