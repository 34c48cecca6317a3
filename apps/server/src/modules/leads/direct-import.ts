import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { copyRows, isEmbedded } from '../../db/copy-rows';
import { type ImportJobRow, importJobs, leads, lists } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { copyRecord } from './csv/csv-format';
import type { FileScan } from './csv/scan-file';
import { stagingTableOf } from './import-jobs';
import { type FileCounts, ImportInterrupted, type ImportRow, importBatches, readAhead } from './import-rows';
import { countAdded, holdJob } from './import-steps';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const CSV_SOURCE = 'CSV';

/**
 * Rows per COPY into leads, each its own statement and commit followed by its counts: on the embedded
 * database other requests' statements wait behind one (a few tens of milliseconds at 1,000 rows); on
 * PostgreSQL a statement holds nobody but itself, so fewer and larger.
 */
const chunkRowsOf = (deps: Deps): number => (isEmbedded(deps.db) ? 1_000 : 5_000);

/** The columns a COPY into leads fills, in the order of each CSV record it sends. */
export const LEAD_COPY_COLUMNS = [
  'id',
  'user_id',
  'list_id',
  'name',
  'headline',
  'location',
  'company',
  'connection_degree',
  'source',
  'linkedin_url',
  'profile_image_url',
  'created_at',
] as const;
const COLUMN_LIST = LEAD_COPY_COLUMNS.join(', ');

/** A PostgreSQL error code anywhere in an error's cause chain (drizzle wraps the driver's error). */
const hasCode = (error: unknown, code: string): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Takes the job's list for a direct import when it holds no lead: notes the lead floor (every lead the
 * job adds is above it, so a failure can take exactly them out) and answers true. A list with leads
 * answers false and is left to the staged path (its profiles need ON CONFLICT).
 */
const claimEmptyList = (deps: Deps, job: ImportJobRow): Promise<boolean> =>
  deps.db.transaction(async (tx) => {
    await holdJob(tx, job, deps.clock.now());
    const [list] = await tx
      .select({ leadCount: lists.leadCount })
      .from(lists)
      .where(eq(lists.id, job.listId));
    if ((list?.leadCount ?? 0) !== 0) return false;
    await tx
      .update(importJobs)
      .set({
        leadFloor: sql`(SELECT coalesce(max(${leads.id}), 0) FROM ${leads} WHERE ${leads.listId} = ${job.listId})`,
      })
      .where(eq(importJobs.id, job.id));
    return true;
  });

/**
 * Reserves `count` consecutive lead ids and answers the highest. The brief lock on leads (inserts wait,
 * reads do not) makes the block contiguous: nothing else takes an id between the two sequence calls.
 * Answers null when the lock is not had within 3 s (a long write on leads): the staged path then. A
 * VACUUM of leads blocks the lock too; autovacuum gives way to a waiting lock after deadlock_timeout
 * (1 s by default), hence more than that.
 */
const reserveLeadIds = async (deps: Deps, count: number): Promise<number | null> => {
  try {
    return await deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '3s'`);
      await tx.execute(sql`LOCK TABLE leads IN SHARE ROW EXCLUSIVE MODE`);
      const result = await tx.execute(sql`
        SELECT setval(pg_get_serial_sequence('leads', 'id'),
                      nextval(pg_get_serial_sequence('leads', 'id')) + ${count - 1}::bigint) AS top`);
      const top = Number((result as unknown as { rows: { top: string | number }[] }).rows[0]?.top);
      if (!Number.isSafeInteger(top)) throw new Error('reserveLeadIds: no id block');
      return top;
    });
  } catch (error) {
    if (hasCode(error, '55P03')) return null;
    throw error;
  }
};

/**
 * A chunk's counts in one statement (one round trip, atomic by itself): the job's imported, progress and
 * heartbeat, and the list's lead count; a job no longer running (declared dead meanwhile) throws.
 */
const countChunk = async (
  deps: Deps,
  job: ImportJobRow,
  added: number,
  now: Date,
  progress: FileCounts,
): Promise<void> => {
  const result = await deps.db.execute(sql`
    WITH live AS (
      UPDATE ${importJobs}
      SET heartbeat_at = ${now.toISOString()}::timestamptz, imported = imported + ${added}::int,
          processed = ${progress.processed}::int, skipped = ${progress.skipped}::int
      WHERE id = ${job.id}::uuid AND state = 'running'
      RETURNING list_id
    )
    UPDATE ${lists} SET lead_count = lead_count + ${added}::int, updated_at = ${now.toISOString()}::timestamptz
    FROM live WHERE ${lists.id} = live.list_id
    RETURNING 1 AS counted`);
  if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new ImportInterrupted();
};

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * Into a list that holds no lead, the file's rows go straight into leads by COPY, a chunk at a time,
 * each chunk's counts (the list's lead count, the job's imported and progress) committed right after
 * it: one pass over the rows instead of staging and moving them. Ids are handed out from the top of a
 * block reserved for the file's lines, so they still follow the file (row 1 the newest) as the staged
 * path's do. A chunk that meets a profile another writer put in the list meanwhile (a LinkedIn import
 * into the same list) goes, with every later one, through a staging table with ON CONFLICT DO NOTHING.
 * Answers false, having written nothing, when the list has leads or no id block could be had.
 */
export const importIntoEmptyList = async (
  deps: Deps,
  job: ImportJobRow,
  options: { scan: FileScan; counts: FileCounts; signal: AbortSignal },
): Promise<boolean> => {
  if (!(await claimEmptyList(deps, job))) return false;
  const top = await reserveLeadIds(deps, options.scan.recordBound);
  if (top === null) {
    // The staged path notes its own floor once its rows are staged; until then nothing is to be undone.
    await deps.db.update(importJobs).set({ leadFloor: null }).where(eq(importJobs.id, job.id));
    return false;
  }
  const lowest = top - options.scan.recordBound + 1;
  let nextId = top;
  const staging = stagingTableOf(job.id);
  let viaStaging = false;

  /**
   * The batch's rows take the next ids down (its first row the highest), written lowest id first: the
   * indexes on (user_id, id) and (list_id, id) then take each chunk in ascending order, which B-tree
   * inserts handle best (descending ones split pages half full, about 40 % slower).
   */
  const copyText = (batch: ImportRow[], createdAt: string): string => {
    const lines: string[] = [];
    if (nextId - batch.length + 1 < lowest) {
      throw new Error('importIntoEmptyList: more rows than the file has lines');
    }
    for (let at = batch.length - 1; at >= 0; at--) {
      const lead = (batch[at] as ImportRow).lead;
      lines.push(
        copyRecord([
          nextId - at,
          job.userId,
          job.listId,
          lead.name,
          lead.headline,
          lead.location,
          lead.company,
          lead.connectionDegree,
          CSV_SOURCE,
          lead.linkedinUrl,
          lead.profileImageUrl,
          createdAt,
        ]),
      );
    }
    nextId -= batch.length;
    return lines.join('');
  };

  /** The chunk through the staging table: profiles already in the list are left alone. */
  const throughStaging = async (text: string, now: Date): Promise<void> => {
    const table = sql.raw(staging);
    const columns = sql.raw(COLUMN_LIST);
    if (!viaStaging) {
      await deps.db.execute(
        sql`CREATE UNLOGGED TABLE IF NOT EXISTS ${table} AS SELECT ${columns} FROM leads WITH NO DATA`,
      );
      viaStaging = true;
    }
    await copyRows(deps.db, { table: staging, columns: LEAD_COPY_COLUMNS }, once(text));
    await deps.db.transaction(async (tx) => {
      await holdJob(tx, job, now);
      const result = await tx.execute(sql`
        WITH added AS (
          INSERT INTO leads (${columns}) SELECT ${columns} FROM ${table}
          ON CONFLICT (list_id, linkedin_url) DO NOTHING
          RETURNING 1
        )
        SELECT count(*)::int AS added FROM added`);
      await tx.execute(sql`DELETE FROM ${table}`);
      const added = Number((result as unknown as { rows: { added: number }[] }).rows[0]?.added ?? 0);
      await countAdded(tx, job, added, now, options.counts);
    });
  };

  const batches = importBatches(job.filePath, {
    encoding: options.scan.encoding,
    batchRows: chunkRowsOf(deps),
    counts: options.counts,
    signal: options.signal,
  });
  for await (const batch of readAhead(batches)) {
    const now = deps.clock.now();
    const text = copyText(batch, now.toISOString());
    if (!viaStaging) {
      try {
        await copyRows(deps.db, { table: 'leads', columns: LEAD_COPY_COLUMNS }, once(text));
        // Committed with the COPY; the counts follow in the next statement. The job is checked there:
        // one declared dead meanwhile throws, and its leads are taken out with the rest.
        await countChunk(deps, job, batch.length, now, options.counts);
        continue;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    await throughStaging(text, now);
  }
  return true;
};
