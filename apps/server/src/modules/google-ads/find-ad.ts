import { GOOGLE_AD_MESSAGES } from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import type { ContentItemRow } from '../../db/schema';
import { findOwnContentItem, ownItemOf } from '../content/find-own-item';

export const isAdOf = (userId: string, id: number) => ownItemOf(userId, id, 'google_ad');

/** One of the caller's Google ads; anyone else's (or another kind of item) is not found. */
export const findAd = (db: DbOrTx, userId: string, id: number): Promise<ContentItemRow> =>
  findOwnContentItem(db, userId, id, 'google_ad', GOOGLE_AD_MESSAGES.adNotFound);
