import { GOOGLE_AD_MESSAGES } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isAdOf } from './find-ad';

/** Deletes one of the caller's ads. Its plan unit stays used: the ad was written. */
export const deleteAd = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ message: string }> => {
  const deleted = await deps.db
    .delete(contentItems)
    .where(isAdOf(userId, id))
    .returning({ id: contentItems.id });
  if (deleted.length === 0) throw notFound(GOOGLE_AD_MESSAGES.adNotFound);
  return { message: GOOGLE_AD_MESSAGES.deleted };
};
