import { GOOGLE_AD_MESSAGES } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { deleteOwnContentItem } from '../content/delete-own-item';

/** Deletes one of the caller's ads. Its plan unit stays used: the ad was written. */
export const deleteAd = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ message: string }> => {
  await deleteOwnContentItem(deps.db, userId, id, 'google_ad', GOOGLE_AD_MESSAGES.adNotFound);
  return { message: GOOGLE_AD_MESSAGES.deleted };
};
