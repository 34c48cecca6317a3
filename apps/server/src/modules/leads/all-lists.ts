import type { TAllListsResponse } from '@sales-assist/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { lists } from '../../db/schema';
import { failStaleImports } from './import-jobs';
import { selectLists } from './list-query';
import { listView } from './list-view';

/** Spec §7 all_lists: one page of the caller's lists, newest first (page is zero-based). */
export const allLists = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { page: number; limit: number },
): Promise<TAllListsResponse> => {
  await failStaleImports(deps, userId);
  const mine = eq(lists.userId, userId);
  const [rows, [totals]] = await Promise.all([
    selectLists(deps.db, mine)
      .orderBy(desc(lists.createdAt), desc(lists.id))
      .limit(input.limit)
      .offset(input.page * input.limit),
    deps.db.select({ total: count() }).from(lists).where(mine),
  ]);
  return { lists: rows.map(listView), total: totals?.total ?? 0 };
};
