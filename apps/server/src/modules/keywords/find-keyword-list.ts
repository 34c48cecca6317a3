import { KEYWORD_MESSAGES } from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import type { ContentItemRow } from '../../db/schema';
import { findOwnContentItem } from '../content/find-own-item';

/** One of the caller's keyword lists; anyone else's (or none) is a 404, never a hint that it exists. */
export const findOwnKeywordList = (
  db: DbOrTx,
  userId: string,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ContentItemRow> =>
  findOwnContentItem(db, userId, id, 'keywords', KEYWORD_MESSAGES.listNotFound, options);
