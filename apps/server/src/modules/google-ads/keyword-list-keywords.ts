import type { DbOrTx } from '../../db/open-database';
import { findOwnKeywordList } from '../keywords/find-keyword-list';
import { keywordsOf } from '../keywords/keyword-list-view';

/**
 * The keywords of one of the caller's saved keyword lists (Keywords screen), in the list's order.
 * Another user's list, or none, is not found (404), as the keywords module answers it.
 */
export const keywordListKeywords = async (db: DbOrTx, userId: string, listId: number): Promise<string[]> =>
  keywordsOf(await findOwnKeywordList(db, userId, listId)).map((keyword) => keyword.text);
