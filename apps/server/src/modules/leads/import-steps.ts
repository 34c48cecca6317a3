import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { type ImportJobRow, importJobs, lists } from '../../db/schema';
import { type Counts, ImportInterrupted } from './import-rows';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Still ours: locks the job's row for the transaction, or throws when it was declared dead meanwhile. */
export const holdJob = async (tx: DbOrTx, job: ImportJobRow, now: Date): Promise<void> => {
  const [live] = await tx
    .update(importJobs)
    .set({ heartbeatAt: now })
    .where(and(eq(importJobs.id, job.id), eq(importJobs.state, 'running')))
    .returning({ id: importJobs.id });
  // Declared dead meanwhile (a stop, or a sweep that took it for stale): its list is being settled.
  if (!live) throw new ImportInterrupted();
};

/** Adds committed leads to the job's and the list's counts, with the file's progress (in `tx`). */
export const countAdded = async (
  tx: DbOrTx,
  job: ImportJobRow,
  added: number,
  now: Date,
  progress?: Counts,
): Promise<void> => {
  if (added > 0 || progress) {
    await tx
      .update(importJobs)
      .set({
        imported: sql`${importJobs.imported} + ${added}`,
        ...(progress ? { processed: progress.processed, skipped: progress.skipped } : {}),
      })
      .where(eq(importJobs.id, job.id));
  }
  if (added > 0) {
    await tx
      .update(lists)
      .set({ leadCount: sql`${lists.leadCount} + ${added}`, updatedAt: now })
      .where(eq(lists.id, job.listId));
  }
};

/**
 * Ends a job whose leads are all in: the list leaves "Importing..." only here (a list never shows done
 * with part of its file). Answers the leads the job added.
 */
export const endImport = async (
  deps: Deps,
  job: ImportJobRow,
  counts: Counts,
  notice: string | null,
): Promise<number> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(importJobs)
      .set({
        state: 'done',
        processed: counts.processed,
        skipped: counts.skipped,
        total: counts.processed,
        notice,
        leadFloor: null,
        finishedAt: now,
      })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.state, 'running')))
      .returning({ imported: importJobs.imported });
    if (!done) throw new ImportInterrupted();
    await tx
      .update(lists)
      .set({
        status: job.statusBefore === 'in_campaign' ? 'in_campaign' : 'ready',
        message: '',
        updatedAt: now,
      })
      .where(eq(lists.id, job.listId));
    return done.imported;
  });
};
