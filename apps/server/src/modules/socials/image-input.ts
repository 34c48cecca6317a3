import { SOCIAL_MESSAGES } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import type { InputRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findOwnInput } from '../inputs/find-input';

/** The caller's image input for a picture: another user's (or no) input is 404, a text input 400. */
export const ownImageInput = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  inputId: number,
): Promise<InputRow> => {
  const input = await findOwnInput(deps.db, userId, inputId);
  if (input.kind !== 'image' || !input.storageKey)
    throw new AppError(400, 'validation_error', SOCIAL_MESSAGES.inputNotImage);
  return input;
};

/**
 * Copies the input's picture for the post (the post keeps its picture when the input is deleted).
 * Answers the copy's size, or null when the input's file is gone.
 */
export const copyInputPicture = async (
  deps: Pick<AppDeps, 'storage'>,
  input: Pick<InputRow, 'storageKey' | 'mime'>,
  key: string,
): Promise<boolean> => {
  if (!input.storageKey) return false;
  const stored = await deps.storage.get(input.storageKey);
  if (!stored) return false;
  await deps.storage.put(key, stored.body, input.mime);
  return true;
};
