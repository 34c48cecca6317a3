import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import type { ContentItemRow } from '../../db/schema';
import { findOwnContentItem } from '../content/find-own-item';

/** One of the caller's LinkedIn posts; anyone else's (or another kind of item) is not found. */
export const findPost = (db: DbOrTx, userId: string, id: number): Promise<ContentItemRow> =>
  findOwnContentItem(db, userId, id, 'linkedin_post', LINKEDIN_POST_MESSAGES.postNotFound);
