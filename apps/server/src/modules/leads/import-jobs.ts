import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LEADS_MESSAGES } from '@sales-assist/contract';
import { and, eq, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { isEmbedded } from '../../db/copy-rows';
import type { DbOrTx } from '../../db/open-database';
import { type ImportJobRow, importJobs, lists } from '../../db/schema';

/** A running job refreshes its heartbeat this often … */
export const HEARTBEAT_MS = 10_000;
/** … and one silent for this long died with its process. */
export const STALE_AFTER_MS = 2 * 60_000;

/** The job's own staging table: rows land there by COPY before one statement moves them into leads. */
export const stagingTableOf = (jobId: string): string => `lead_import_${jobId.replaceAll('-', '')}`;

/** The list of a job that ends without leads: a new list shows "Error", an existing one keeps its state. */
const settleListAfterFailure = async (
  tx: DbOrTx,
  job: ImportJobRow,
  reason: string,
  now: Date,
): Promise<void> => {
  await tx
    .update(lists)
    .set(
      job.listCreated
        ? { status: 'error', message: reason, updatedAt: now }
        : { status: job.statusBefore, message: `Last import failed: ${reason}`, updatedAt: now },
    )
    .where(eq(lists.id, job.listId));
};

/** Removes what a finished job leaves behind; never throws (a leftover is harmless). */
export const cleanUpJob = async (
  deps: Pick<AppDeps, 'db'>,
  job: Pick<ImportJobRow, 'id' | 'filePath'>,
): Promise<void> => {
  await deps.db.execute(sql.raw(`DROP TABLE IF EXISTS ${stagingTableOf(job.id)}`)).catch(() => undefined);
  await rm(job.filePath, { force: true }).catch(() => undefined);
};

/** Leads deleted per statement when a failed import is taken out of its list. */
const UNDO_ROWS = 2_000;

/**
 * Deletes the leads a job wrote into its list (those above `floor`), a short transaction per batch with
 * the list's count. Safe to run twice at once: each delete counts only the rows it removed.
 */
const deleteLeadsAbove = async (
  deps: Pick<AppDeps, 'db'>,
  job: Pick<ImportJobRow, 'listId'>,
  floor: number,
): Promise<void> => {
  for (;;) {
    const removed = await deps.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        WITH gone AS (
          DELETE FROM leads WHERE (user_id, id) IN (
            SELECT user_id, id FROM leads
            WHERE list_id = ${job.listId}::bigint AND id > ${floor}::bigint
            LIMIT ${UNDO_ROWS})
          RETURNING 1
        )
        SELECT count(*)::int AS removed FROM gone`);
      const count = Number((result as unknown as { rows: { removed: number }[] }).rows[0]?.removed ?? 0);
      if (count > 0) {
        await tx
          .update(lists)
          .set({ leadCount: sql`greatest(0, ${lists.leadCount} - ${count})` })
          .where(eq(lists.id, job.listId));
      }
      return count;
    });
    if (removed === 0) return;
    await nextTurn();
  }
};

/**
 * A failing job's own first step, while it still runs (its list and import_status show "Importing..."):
 * takes out the leads it wrote, as the stored lead floor says, then clears the floor, so failJobs ends
 * the job and settles its list in one transaction (import_status never says "Error" beside a list
 * still "Importing..."). A job declared dead meanwhile is left to whoever did (its floor stays).
 */
export const takeOutMovedLeads = async (
  deps: Pick<AppDeps, 'db'>,
  job: Pick<ImportJobRow, 'id' | 'listId'>,
): Promise<void> => {
  const running = and(eq(importJobs.id, job.id), eq(importJobs.state, 'running'));
  const [row] = await deps.db.select({ leadFloor: importJobs.leadFloor }).from(importJobs).where(running);
  if (row?.leadFloor == null) return;
  await deleteLeadsAbove(deps, job, row.leadFloor);
  await deps.db.update(importJobs).set({ leadFloor: null }).where(running);
};

/**
 * Takes the leads a failed job had already moved into its list out again, a short transaction per
 * batch (the list's count with them), then settles the list. Until then the list stays "Importing...",
 * so it never shows part of a file as done. Safe to run twice at once (a restart resuming it while the
 * first run is still going): each delete counts only the rows it removed, and only the run that clears
 * lead_floor settles the list.
 */
const undoMovedLeads = async (deps: Pick<AppDeps, 'db' | 'clock'>, job: ImportJobRow): Promise<void> => {
  if (job.leadFloor === null) return;
  await deleteLeadsAbove(deps, job, job.leadFloor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [cleared] = await tx
      .update(importJobs)
      .set({ leadFloor: null })
      .where(and(eq(importJobs.id, job.id), isNotNull(importJobs.leadFloor)))
      .returning({ id: importJobs.id });
    if (cleared) await settleListAfterFailure(tx, job, job.error ?? LEADS_MESSAGES.importInterrupted, now);
  });
};

/**
 * Ends the running jobs that `where` picks as failed, with the reason: a job that had not moved rows
 * yet settles its list in the same transaction; one that had takes them out first (undoMovedLeads).
 */
export const failJobs = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  where: SQL | undefined,
  reason: string,
): Promise<ImportJobRow[]> => {
  const now = deps.clock.now();
  const failed = await deps.db.transaction(async (tx) => {
    const jobs = await tx
      .update(importJobs)
      .set({ state: 'failed', error: reason, finishedAt: now })
      .where(and(eq(importJobs.state, 'running'), where))
      .returning();
    for (const job of jobs) {
      if (job.leadFloor === null) await settleListAfterFailure(tx, job, reason, now);
    }
    return jobs;
  });
  for (const job of failed) {
    await cleanUpJob(deps, job);
    await undoMovedLeads(deps, job);
  }
  return failed;
};

/** Failed jobs whose moved rows are not all taken out yet (their process stopped while undoing). */
const resumeUndos = async (deps: Pick<AppDeps, 'db' | 'clock'>, where: SQL | undefined): Promise<void> => {
  const pending = await deps.db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.state, 'failed'), isNotNull(importJobs.leadFloor), where));
  for (const job of pending) await undoMovedLeads(deps, job);
};

const staleBefore = (deps: Pick<AppDeps, 'clock'>): Date =>
  new Date(deps.clock.now().getTime() - STALE_AFTER_MS);

/** Where uploads land while they arrive and while their import runs. */
export const importsDirOf = (dataDir: string): string => path.join(dataDir, 'imports');

/**
 * Removes the files of DATA_DIR/imports that no running import owns: uploads cut off by a crash or a
 * kill (a stopped process never got to remove them) and files of jobs that ended meanwhile. On the
 * embedded database this process is the only one, so every other file is dead; on PostgreSQL another
 * process sharing the directory may be receiving an upload right now, so a file written to in the last
 * STALE_AFTER_MS stays (the next start takes it). Answers how many files went.
 */
export const removeLeftoverUploads = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
): Promise<number> => {
  const dir = importsDirOf(deps.config.dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const running = await deps.db
    .select({ filePath: importJobs.filePath })
    .from(importJobs)
    .where(eq(importJobs.state, 'running'));
  const owned = new Set(running.map((job) => path.basename(job.filePath)));
  const cutoff = isEmbedded(deps.db) ? Number.POSITIVE_INFINITY : staleBefore(deps).getTime();
  let removed = 0;
  for (const name of names) {
    if (owned.has(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.mtimeMs > cutoff) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
};

/**
 * At start: imports cut off by a stop or a crash are marked "Error" ("Import interrupted, please import
 * the file again"), and uploads left half-written are removed. The embedded database belongs to this
 * one process, so every running job is dead; on PostgreSQL other processes may be importing, so only
 * jobs whose heartbeat stopped are.
 */
export const failInterruptedImports = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
): Promise<number> => {
  const where = isEmbedded(deps.db) ? undefined : lt(importJobs.heartbeatAt, staleBefore(deps));
  const failed = (await failJobs(deps, where, LEADS_MESSAGES.importInterrupted)).length;
  await resumeUndos(deps, isEmbedded(deps.db) ? undefined : lt(importJobs.finishedAt, staleBefore(deps)));
  await removeLeftoverUploads(deps);
  return failed;
};

/** The same for one user's jobs whose process died without a restart since (several API processes). */
export const failStaleImports = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
): Promise<void> => {
  const stale = await deps.db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.userId, userId),
        eq(importJobs.state, 'running'),
        lt(importJobs.heartbeatAt, staleBefore(deps)),
      ),
    );
  await resumeUndos(deps, and(eq(importJobs.userId, userId), lt(importJobs.finishedAt, staleBefore(deps))));
  if (stale.length === 0) return;
  await failJobs(
    deps,
    inArray(
      importJobs.id,
      stale.map((job) => job.id),
    ),
    LEADS_MESSAGES.importInterrupted,
  );
};
