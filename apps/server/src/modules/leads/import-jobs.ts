import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LEADS_MESSAGES } from '@sales-assist/contract';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
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

/** Ends the running jobs that `where` picks as failed, with the reason on their lists, in one transaction. */
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
    for (const job of jobs) await settleListAfterFailure(tx, job, reason, now);
    return jobs;
  });
  for (const job of failed) await cleanUpJob(deps, job);
  return failed;
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
