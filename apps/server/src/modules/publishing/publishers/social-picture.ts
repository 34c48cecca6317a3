import { buffer } from 'node:stream/consumers';
import type { AppDeps } from '../../../app-deps';
import type { ContentItemRow, SocialPlatform } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { PublishError } from '../../../lib/clients/publishing/types';
import { readSocialImage } from '../../socials/read-social-image';
import { socialDataOf } from '../../socials/social-data';
import { refused } from './content-checks';

/** The picture a social post is published with: where it is kept and what it shows. */
export type SocialPictureRef = {
  storageKey: string;
  contentType: string;
  /** What the picture shows (the image model's description), for the platform's alt text. */
  altText: string | null;
};

export type SocialPicture = SocialPictureRef & {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
};

/**
 * The social post's current picture when it is ready; null when it has none (never asked for, or its
 * drawing failed: the post goes as text, as the user saw it in the studio). A picture still being drawn
 * is a short wait, not a refusal: `unavailable`, so the engine tries again shortly.
 */
export const socialPictureRefOf = (
  item: ContentItemRow,
  platform: SocialPlatform,
): SocialPictureRef | null => {
  if (item.kind !== 'social_post') return null;
  const image = socialDataOf(item).image;
  if (!image) return null;
  if (image.status === 'rendering')
    throw new PublishError(
      'unavailable',
      'The post’s picture is still being drawn; it is published once the picture is ready.',
      {
        platform,
      },
    );
  if (image.status !== 'ready' || !image.storageKey || !image.mime) return null;
  const altText = image.description ?? image.content?.headline ?? null;
  return { storageKey: image.storageKey, contentType: image.mime, altText: altText?.trim() || null };
};

/**
 * The picture's bytes, read through storage (a theme picture whose cached file was lost is drawn again
 * by readSocialImage). A picture that can no longer be had is the content's problem: `invalid`.
 */
export const loadSocialPicture = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  item: ContentItemRow,
  ref: SocialPictureRef,
  platform: SocialPlatform,
): Promise<SocialPicture> => {
  try {
    const { file, mime, fileName } = await readSocialImage(deps, item.userId, item.id);
    const bytes = await buffer(file.body);
    return { ...ref, contentType: mime, fileName, bytes: new Uint8Array(bytes) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw refused(platform, 'The post’s picture is missing; choose a picture again before publishing.');
    throw error;
  }
};
