import { SOCIAL_MESSAGES, type TSocialImageSource } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type ContentItemRow, contentItems, type InputRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { copyInputPicture, ownImageInput } from './image-input';
import { queueSocialImage, settleImage } from './render-social-image';
import { EXTENSION_OF_MIME, socialDataOf, socialImageKey } from './social-data';

/** A picture source that passed its checks (the input picture already read). */
export type PictureChoice = { source: TSocialImageSource; input: InputRow | null };

/** Refuses what cannot be made, before anything is counted or saved. */
const check = async (
  deps: Pick<AppDeps, 'db' | 'imageModel'>,
  userId: string,
  wanted: { source: TSocialImageSource; inputId: number | null },
): Promise<PictureChoice> => {
  if (wanted.source === 'model' && !deps.imageModel)
    throw new AppError(400, 'validation_error', SOCIAL_MESSAGES.noImageModel);
  if (wanted.source !== 'input') return { source: wanted.source, input: null };
  if (wanted.inputId === null)
    throw new AppError(400, 'validation_error', SOCIAL_MESSAGES.imageInputRequired);
  return { source: 'input', input: await ownImageInput(deps, userId, wanted.inputId) };
};

const reread = async (deps: Pick<AppDeps, 'db'>, id: number, fallback: ContentItemRow) =>
  (await deps.db.select().from(contentItems).where(eq(contentItems.id, id)))[0] ?? fallback;

/**
 * Starts the picture of the post's current image version (already saved as 'rendering'): an input's
 * picture is copied at once (ready, or failed when its file is gone); a theme or model picture is a
 * job, whose queueing failure fails the picture at once (the text stays). Answers the post as saved.
 */
const begin = async (deps: AppDeps, row: ContentItemRow, choice: PictureChoice): Promise<ContentItemRow> => {
  const { version } = socialDataOf(row).image;
  if (choice.input) {
    const key = socialImageKey(row.userId, row.id, version, EXTENSION_OF_MIME[choice.input.mime] ?? 'png');
    const copied = await copyInputPicture(deps, choice.input, key);
    const saved = await settleImage(
      deps,
      row.id,
      version,
      copied
        ? {
            status: 'ready',
            error: null,
            storageKey: key,
            owned: true,
            mime: choice.input.mime,
            width: choice.input.width,
            height: choice.input.height,
          }
        : { status: 'failed', error: SOCIAL_MESSAGES.imageFailed },
    );
    if (!saved && copied) await deps.storage.delete(key);
    return reread(deps, row.id, row);
  }
  try {
    await queueSocialImage(deps.jobs, row.id, version);
    return row;
  } catch {
    await settleImage(deps, row.id, version, { status: 'failed', error: SOCIAL_MESSAGES.queueFailed });
    return reread(deps, row.id, row);
  }
};

export const startPicture = { check, begin };
