import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { importJobs, lists } from '../../db/schema';
import type { ListWithJob } from './list-view';

const LIST_FIELDS = {
  id: lists.id,
  name: lists.name,
  status: lists.status,
  message: lists.message,
  leadCount: lists.leadCount,
  jobProcessed: importJobs.processed,
  jobTotal: importJobs.total,
};

/** Lists with the progress of their running import (at most one per list: a partial unique index). */
export const selectLists = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(LIST_FIELDS)
    .from(lists)
    .leftJoin(importJobs, and(eq(importJobs.listId, lists.id), eq(importJobs.state, 'running')))
    .where(where)
    .$dynamic();

/**
 * The same rows for a page, each also carrying the running import's heartbeat and the number of rows
 * `where` matches before paging: one statement answers the page, its total and whether an import died.
 */
export const selectListPage = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      ...LIST_FIELDS,
      jobHeartbeatAt: importJobs.heartbeatAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(lists)
    .leftJoin(importJobs, and(eq(importJobs.listId, lists.id), eq(importJobs.state, 'running')))
    .where(where)
    .$dynamic();

export type { ListWithJob };
