import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { importJobs, lists } from '../../db/schema';
import type { ListWithJob } from './list-view';

/** Lists with the progress of their running import (at most one per list: a partial unique index). */
export const selectLists = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      id: lists.id,
      name: lists.name,
      status: lists.status,
      message: lists.message,
      leadCount: lists.leadCount,
      jobProcessed: importJobs.processed,
      jobTotal: importJobs.total,
    })
    .from(lists)
    .leftJoin(importJobs, and(eq(importJobs.listId, lists.id), eq(importJobs.state, 'running')))
    .where(where)
    .$dynamic();

export type { ListWithJob };
