import type { TAllListsResponse } from '@sales-assist/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { lists } from '../../db/schema';
import { failStaleImports, STALE_AFTER_MS } from './import-jobs';
import { selectListPage } from './list-query';
import { listView } from './list-view';

const preparePage = (db: Db) =>
  selectListPage(db, eq(lists.userId, sql.placeholder('userId')), {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }).prepare('all_lists_page');
/**
 * The page statement is built once per database, not per call (PostgreSQL then plans it once per
 * connection): under load the query building was a visible share of a call.
 */
const pages = new WeakMap<Db, ReturnType<typeof preparePage>>();

/**
 * Spec §7 all_lists: one page of the caller's lists, newest first (page is zero-based). `clockFree`:
 * the answer changes only with the database (no list on it is importing or has a running import, whose
 * heartbeat may stop and make it settle later), so it may be kept until the user's lists change.
 */
export const allLists = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { page: number; limit: number },
): Promise<{ answer: TAllListsResponse; clockFree: boolean }> => {
  const mine = eq(lists.userId, userId);
  let prepared = pages.get(deps.db);
  if (!prepared) {
    prepared = preparePage(deps.db);
    pages.set(deps.db, prepared);
  }
  const statement = prepared;
  const page = () => statement.execute({ userId, limit: input.limit, offset: input.page * input.limit });
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
  const clockFree = rows.every((row) => row.status !== 'importing' && row.jobHeartbeatAt === null);
  return { answer: { lists: rows.map(listView), total }, clockFree };
};
