import type { TFetchAllListsResponse } from '@sales-assist/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { lists } from '../../db/schema';
import { STATUS_OF } from './list-view';

/** Enough for any dropdown; lists are made by hand, so nobody has more. */
export const FETCH_ALL_LISTS_MAX = 1000;

/** Spec §7 fetch_all_lists: the caller's lists for the dropdowns, newest first. */
export const fetchAllLists = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<TFetchAllListsResponse> => {
  const rows = await deps.db
    .select({ id: lists.id, name: lists.name, status: lists.status, leadcount: lists.leadCount })
    .from(lists)
    .where(eq(lists.userId, userId))
    .orderBy(desc(lists.createdAt), desc(lists.id))
    .limit(FETCH_ALL_LISTS_MAX);
  return { lists: rows.map((row) => ({ ...row, status: STATUS_OF[row.status] })) };
};
