import type { TAllListsResponse } from '@sales-assist/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { lists } from '../../db/schema';
import { failStaleImports, STALE_AFTER_MS } from './import-jobs';
import { selectListPage } from './list-query';
import { listView } from './list-view';

/** Spec §7 all_lists: one page of the caller's lists, newest first (page is zero-based). */
export const allLists = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { page: number; limit: number },
): Promise<TAllListsResponse> => {
  const mine = eq(lists.userId, userId);
  const page = () =>
    selectListPage(deps.db, mine)
      .orderBy(desc(lists.createdAt), desc(lists.id))
      .limit(input.limit)
      .offset(input.page * input.limit);
  // One statement per call: the page brings its total and its imports' heartbeats. A shown list whose
  // import died (its heartbeat stopped) or that is importing with no running import (an undo cut off by
  // a stop, a LinkedIn search import) has its user's imports looked after, and the page is read again.
  let rows = await page();
  const staleBefore = deps.clock.now().getTime() - STALE_AFTER_MS;
  const unsettled = (row: (typeof rows)[number]) =>
    row.jobHeartbeatAt === null ? row.status === 'importing' : row.jobHeartbeatAt.getTime() < staleBefore;
  if (rows.some(unsettled)) {
    await failStaleImports(deps, userId);
    rows = await page();
  }
  // A page past the end has no row to carry the total.
  const total =
    rows[0]?.total ?? (await deps.db.select({ total: count() }).from(lists).where(mine))[0]?.total ?? 0;
  return { lists: rows.map(listView), total };
};
