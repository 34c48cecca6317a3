import { SOCIAL_MESSAGES } from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import type { ContentItemRow } from '../../db/schema';
import { findOwnContentItem } from '../content/find-own-item';

/** The caller's social post, or 404 (another user's post is answered exactly like a missing one). */
export const findSocialPost = (db: DbOrTx, userId: string, id: number): Promise<ContentItemRow> =>
  findOwnContentItem(db, userId, id, 'social_post', SOCIAL_MESSAGES.postNotFound);
