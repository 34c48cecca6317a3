import type { TSearchListsResponse } from '@sales-assist/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { lists } from '../../db/schema';
import { selectLists } from './list-query';
import { listView } from './list-view';

export const SEARCH_LISTS_MAX = 50;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Spec §7 search_lists: the caller's lists whose name holds the text, any letter case, newest first. */
export const searchLists = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { query: string },
): Promise<TSearchListsResponse> => {
  const pattern = `%${escapeLike(input.query.toLowerCase())}%`;
  const rows = await selectLists(
    deps.db,
    and(eq(lists.userId, userId), sql`lower(${lists.name}) LIKE ${pattern}`),
  )
    .orderBy(desc(lists.createdAt), desc(lists.id))
    .limit(SEARCH_LISTS_MAX);
  return { lists: rows.map(listView) };
};
