import { and, type Column, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { importJobs, lists } from '../../db/schema';
import type { ListWithJob } from './list-view';

const LIST_COLUMNS = {
  id: lists.id,
  name: lists.name,
  status: lists.status,
  message: lists.message,
  leadCount: lists.leadCount,
};
const LIST_FIELDS = { ...LIST_COLUMNS, jobProcessed: importJobs.processed, jobTotal: importJobs.total };

/** The list's running import, if any (at most one per list: a partial unique index). */
const runningImportOf = (listId: Column) =>
  and(eq(importJobs.listId, listId), eq(importJobs.state, 'running'));

/** Lists with the progress of their running import (at most one per list: a partial unique index). */
export const selectLists = (db: DbOrTx, where: SQL | undefined) =>
  db.select(LIST_FIELDS).from(lists).leftJoin(importJobs, runningImportOf(lists.id)).where(where).$dynamic();

/**
 * One page of the lists `where` matches, newest first, each also carrying the running import's heartbeat
 * and the number of rows `where` matches before paging: one statement answers the page, its total and
 * whether an import died. The page is cut before the join: only its own lists look for a running import,
 * not every list the user has (the embedded database rescans a small import table once per joined row).
 */
export const selectListPage = (
  db: DbOrTx,
  where: SQL | undefined,
  paging: { limit: number | Placeholder; offset: number | Placeholder },
) => {
  const page = db
    .select({
      ...LIST_COLUMNS,
      createdAt: lists.createdAt,
      matching: sql<number>`(count(*) over ())::int`.as('matching'),
    })
    .from(lists)
    .where(where)
    .orderBy(desc(lists.createdAt), desc(lists.id))
    .limit(paging.limit)
    .offset(paging.offset)
    .as('page');
  return db
    .select({
      id: page.id,
      name: page.name,
      status: page.status,
      message: page.message,
      leadCount: page.leadCount,
      jobProcessed: importJobs.processed,
      jobTotal: importJobs.total,
      jobHeartbeatAt: importJobs.heartbeatAt,
      total: page.matching,
    })
    .from(page)
    .leftJoin(importJobs, runningImportOf(page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
};

export type { ListWithJob };
