import { rm } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LEADS_MESSAGES } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { copyRows, isEmbedded } from '../../db/copy-rows';
import { type ImportJobRow, importJobs, leads, lists } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { copyRecord } from './csv/csv-format';
import { CsvFileError } from './csv/read-csv';
import { type FileScan, scanFile } from './csv/scan-file';
import { CSV_SOURCE, importIntoEmptyList } from './direct-import';
import { cleanUpJob, failJobs, HEARTBEAT_MS, stagingTableOf, takeOutMovedLeads } from './import-jobs';
import { importNotice } from './import-notice';
import { type Counts, type FileCounts, ImportInterrupted, importBatches, readAhead } from './import-rows';
import { countAdded, endImport, holdJob } from './import-steps';

export { CSV_SOURCE };

/**
 * Rows per COPY chunk and per progress update of the staging table: on the embedded database other
 * requests' statements wait behind a chunk's COPY, so it stays small (1,000 rows: a few tens of
 * milliseconds).
 */
const CHUNK_ROWS = 1_000;
/**
 * File rows per statement of the move into leads: each is its own short transaction, so other requests
 * get the database (and, on the embedded one, this process's event loop) in between. 500 rows keep each
 * under ~50 ms on the embedded database, where 2,000 held /api/health for 250-470 ms (issue 22); the
 * extra statements cost a few per cent of the import.
 */
export const MOVE_ROWS = 500;

const STAGING_COLUMNS = [
  'row_no',
  'name',
  'headline',
  'location',
  'company',
  'connection_degree',
  'profile_image_url',
  'linkedin_url',
] as const;

type Log = { error: (obj: object, msg: string) => void };

/**
 * The file's usable rows as COPY text for the staging table, a chunk at a time, reporting progress
 * between chunks (importBatches keeps only the first row of each profile, so the move needs no lookup
 * across the staged rows).
 */
async function* stagingChunks(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  scan: FileScan,
  counts: FileCounts,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const batches = importBatches(job.filePath, {
    encoding: scan.encoding,
    batchRows: CHUNK_ROWS,
    counts,
    signal,
  });
  for await (const batch of batches) {
    yield batch
      .map(({ rowNo, lead }) =>
        copyRecord([
          rowNo,
          lead.name,
          lead.headline,
          lead.location,
          lead.company,
          lead.connectionDegree,
          lead.profileImageUrl,
          lead.linkedinUrl,
        ]),
      )
      .join('');
    await deps.db
      .update(importJobs)
      .set({ processed: counts.processed, skipped: counts.skipped, heartbeatAt: deps.clock.now() })
      .where(eq(importJobs.id, job.id));
  }
}

/**
 * Moves the staged rows numbered (above, upTo] into the list, with the list's lead count and the job's
 * count, in one transaction. Ids follow the file from the top (batches go from the end of the file up,
 * each newest-last), so newest first shows row 1 first. The staged rows are one per profile already;
 * into a list that was empty a plain INSERT is all it takes (the cost of a raw COPY), into a list with
 * leads ON CONFLICT DO NOTHING leaves its profiles alone (an index probe per row, three times the cost;
 * an anti-join's plan rests on statistics that do not know the list grows, and scanned the whole list
 * per row). A plain INSERT that meets a profile (a rare race with another writer) retries with it.
 */
export const moveBatch = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  range: { above: number; upTo: number },
  mode: 'insert' | 'on-conflict' = 'on-conflict',
): Promise<number> => {
  const staging = sql.raw(stagingTableOf(job.id));
  const now = deps.clock.now();
  const onConflict = mode === 'on-conflict' ? sql`ON CONFLICT (list_id, linkedin_url) DO NOTHING` : sql``;
  try {
    return await deps.db.transaction(async (tx) => {
      await holdJob(tx, job, now);
      const result = await tx.execute(sql`
        WITH added AS (
          INSERT INTO leads (user_id, list_id, name, headline, location, company, connection_degree, source,
                             linkedin_url, profile_image_url, created_at)
          SELECT ${job.userId}::uuid, ${job.listId}::bigint, coalesce(name, ''), coalesce(headline, ''),
                 coalesce(location, ''), coalesce(company, ''), coalesce(connection_degree, ''), ${CSV_SOURCE},
                 linkedin_url, profile_image_url, ${now.toISOString()}::timestamptz
          FROM ${staging}
          WHERE row_no > ${range.above} AND row_no <= ${range.upTo}
          ORDER BY row_no DESC
          ${onConflict}
          RETURNING 1
        )
        SELECT count(*)::int AS imported FROM added`);
      const imported = Number((result as unknown as { rows: { imported: number }[] }).rows[0]?.imported ?? 0);
      await countAdded(tx, job, imported, now);
      return imported;
    });
  } catch (error) {
    if (mode === 'insert' && isUniqueViolation(error)) return moveBatch(deps, job, range, 'on-conflict');
    throw error;
  }
};

/**
 * Notes where the job's leads will start (see import_jobs.lead_floor), before the first of them is
 * written, so a failure at any point can take exactly them out again. Answers whether the list is
 * empty (then no profile of the file can be in it: the list is this job's until it ends).
 */
const markLeadFloor = async (deps: Pick<AppDeps, 'db' | 'clock'>, job: ImportJobRow): Promise<boolean> =>
  deps.db.transaction(async (tx) => {
    await holdJob(tx, job, deps.clock.now());
    await tx
      .update(importJobs)
      .set({
        leadFloor: sql`(SELECT coalesce(max(${leads.id}), 0) FROM ${leads} WHERE ${leads.listId} = ${job.listId})`,
      })
      .where(eq(importJobs.id, job.id));
    const [list] = await tx
      .select({ leadCount: lists.leadCount })
      .from(lists)
      .where(eq(lists.id, job.listId));
    return (list?.leadCount ?? 0) === 0;
  });

/**
 * Moves the staged rows into the list batch by batch, then ends the job: only then does the list leave
 * "Importing..." (a list never shows done with part of its file). Answers the leads added.
 */
export const finishImport = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  counts: Counts,
  options: {
    /** What the user should know besides the counts (import_jobs.notice). */
    notice?: string | null;
    signal?: AbortSignal;
    /** After each committed batch: the lowest file row it covered and the leads it added. */
    onBatch?: (batch: { from: number; added: number }) => Promise<void>;
  } = {},
): Promise<number> => {
  const mode = (await markLeadFloor(deps, job)) ? 'insert' : 'on-conflict';
  for (let upTo = counts.processed; upTo > 0; upTo -= MOVE_ROWS) {
    if (options.signal?.aborted) throw new ImportInterrupted();
    const above = Math.max(0, upTo - MOVE_ROWS);
    const added = await moveBatch(deps, job, { above, upTo }, mode);
    await options.onBatch?.({ from: above + 1, added });
    // PGlite resolves its queries without a turn of the event loop: without this, the whole move
    // would hold the process as one long statement did.
    await nextTurn();
  }
  return endImport(deps, job, counts, options.notice ?? null);
};

/**
 * The embedded database has no autovacuum: after an import that changed the leads table by more than
 * autovacuum's own threshold (10 % + 50 rows), fresh statistics keep the queries on their indexes.
 */
const analyzeAfter = async (deps: Pick<AppDeps, 'db'>, imported: number): Promise<void> => {
  try {
    const result = await deps.db.execute(
      sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'leads'::regclass`,
    );
    const rows = Number((result as unknown as { rows: { rows: number }[] }).rows[0]?.rows ?? -1);
    if (rows < 0 || imported > 50 + 0.1 * rows) {
      // A 3,000-row sample instead of 30,000: enough for the planner to pick the indexes (they are
      // unique or nearly), and it holds the embedded database (and this process) for tens of
      // milliseconds, not hundreds.
      await deps.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL default_statistics_target = 10`);
        await tx.execute(sql`ANALYZE leads`);
      });
    }
  } catch {
    // Statistics are an optimisation; the import itself has succeeded.
  }
};

const reasonOf = (error: unknown): string => {
  if (error instanceof CsvFileError) return error.message;
  if (error instanceof ImportInterrupted) return LEADS_MESSAGES.importInterrupted;
  return 'The import failed. Please try again.';
};

/**
 * The staged path, for a list that has leads: parse (streaming) → COPY into a staging table in chunks
 * (progress in import_jobs) → INSERT … SELECT into leads in short batches. Answers the leads added.
 */
const importThroughStaging = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  options: { scan: FileScan; counts: FileCounts; signal: AbortSignal },
): Promise<number> => {
  const staging = stagingTableOf(job.id);
  await deps.db.execute(
    sql.raw(`CREATE UNLOGGED TABLE ${staging} (row_no integer PRIMARY KEY, name text, headline text, location text,
      company text, connection_degree text, profile_image_url text, linkedin_url text NOT NULL)`),
  );
  await copyRows(
    deps.db,
    { table: staging, columns: STAGING_COLUMNS },
    readAhead(stagingChunks(deps, job, options.scan, options.counts, options.signal)),
  );
  // Everything the file holds is staged: it is not needed any more, whatever happens next.
  await rm(job.filePath, { force: true });
  return finishImport(deps, job, options.counts, {
    notice: importNotice(options.counts),
    signal: options.signal,
  });
};

/**
 * A CSV import from its uploaded file to its list. The file is read once for its encoding and lines
 * (scanFile), then its rows: into a list without leads straight into leads (direct-import.ts), into one
 * with leads through a staging table. Any failure takes the rows already written out again, while the
 * job still shows "Importing...", then says why (failJobs): the list ends without a single row of this
 * file. Never throws.
 */
export const runImport = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  options: { signal: AbortSignal; log: Log },
): Promise<void> => {
  const counts: FileCounts = { processed: 0, skipped: 0, unreadable: 0, salesNavigator: 0 };
  const heartbeat = setInterval(() => {
    deps.db
      .update(importJobs)
      .set({ heartbeatAt: deps.clock.now() })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.state, 'running')))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let failure: { error: unknown } | null = null;
  try {
    const scan = await scanFile(job.filePath);
    const steps = { scan, counts, signal: options.signal };
    const imported = (await importIntoEmptyList(deps, job, steps))
      ? await endImport(deps, job, counts, importNotice(counts))
      : await importThroughStaging(deps, job, steps);
    if (isEmbedded(deps.db)) await analyzeAfter(deps, imported);
  } catch (error) {
    failure = { error };
  }
  try {
    await cleanUpJob(deps, job);
    if (!failure) return;
    // The leads already written go first, while the job still shows "Importing...": whoever reads
    // "Error" finds none of them left (failJobs would take them out too, but after saying "Error").
    await takeOutMovedLeads(deps, job).catch((error: unknown) =>
      options.log.error({ err: error, jobId: job.id }, 'could not take out a failed CSV import'),
    );
    // Told only once the file and the staging table are gone: whoever reads "Error" finds nothing left.
    if (!(failure.error instanceof CsvFileError || failure.error instanceof ImportInterrupted)) {
      options.log.error({ err: failure.error, jobId: job.id }, 'CSV import failed');
    }
    await failJobs(deps, eq(importJobs.id, job.id), reasonOf(failure.error)).catch((error: unknown) =>
      options.log.error({ err: error, jobId: job.id }, 'could not mark a failed CSV import'),
    );
  } finally {
    clearInterval(heartbeat);
  }
};

/** The imports this process runs; a stop interrupts them between chunks and waits for them to settle. */
export const createImportRunner = (deps: Pick<AppDeps, 'db' | 'clock'>, log: Log) => {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  return {
    start: (job: ImportJobRow): void => {
      const run = runImport(deps, job, { signal: stopping.signal, log }).finally(() => running.delete(run));
      running.add(run);
    },
    stop: async (): Promise<void> => {
      stopping.abort();
      await Promise.allSettled([...running]);
    },
    /** Settles when every import started so far has ended (tests, bench). */
    idle: async (): Promise<void> => {
      await Promise.allSettled([...running]);
    },
  };
};
export type ImportRunner = ReturnType<typeof createImportRunner>;
