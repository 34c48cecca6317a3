import { createReadStream } from 'node:fs';
import { LEADS_MESSAGES } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { copyRows, isEmbedded } from '../../db/copy-rows';
import { type ImportJobRow, importJobs, lists } from '../../db/schema';
import { copyRecord } from './csv/csv-format';
import { CsvFileError } from './csv/read-csv';
import { readLeads } from './csv/read-leads';
import { cleanUpJob, failJobs, HEARTBEAT_MS, stagingTableOf } from './import-jobs';
import { isUniqueViolation } from './unique-violation';

/** Rows per COPY chunk and per progress update. */
const CHUNK_ROWS = 10_000;
export const CSV_SOURCE = 'CSV';

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
type Counts = { processed: number; skipped: number };

class ImportInterrupted extends Error {}

/** The file's usable rows as COPY text, a chunk at a time, reporting progress between chunks. */
async function* stagingChunks(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  counts: Counts,
  signal: AbortSignal,
): AsyncGenerator<string> {
  let lines: string[] = [];
  for await (const lead of readLeads(createReadStream(job.filePath))) {
    if (signal.aborted) throw new ImportInterrupted();
    counts.processed++;
    if (lead) {
      lines.push(
        copyRecord([
          counts.processed,
          lead.name,
          lead.headline,
          lead.location,
          lead.company,
          lead.connectionDegree,
          lead.profileImageUrl,
          lead.linkedinUrl,
        ]),
      );
    } else {
      counts.skipped++;
    }
    if (counts.processed % CHUNK_ROWS === 0) {
      yield lines.join('');
      lines = [];
      await deps.db
        .update(importJobs)
        .set({ processed: counts.processed, skipped: counts.skipped, heartbeatAt: deps.clock.now() })
        .where(eq(importJobs.id, job.id));
    }
  }
  if (lines.length) yield lines.join('');
}

/**
 * Moves the staged rows into the list in one transaction: the first row of each profile wins, profiles
 * already in the list are left alone, ids follow the file from the top (newest first shows row 1
 * first), and the list's lead count moves with them. A plain INSERT with an anti-join costs what a raw
 * COPY costs, where ON CONFLICT costs half as much again; ON CONFLICT is the fallback for the rare race
 * with another writer to the same list.
 */
export const finishImport = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  counts: Counts,
  race: 'anti-join' | 'on-conflict' = 'anti-join',
): Promise<number> => {
  const staging = sql.raw(stagingTableOf(job.id));
  const now = deps.clock.now();
  const guard =
    race === 'anti-join'
      ? sql`WHERE NOT EXISTS (SELECT 1 FROM leads old WHERE old.list_id = ${job.listId}::bigint AND old.linkedin_url = firsts.linkedin_url)`
      : sql``;
  const onConflict = race === 'on-conflict' ? sql`ON CONFLICT (list_id, linkedin_url) DO NOTHING` : sql``;
  try {
    return await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(importJobs)
        .set({
          state: 'done',
          processed: counts.processed,
          skipped: counts.skipped,
          total: counts.processed,
          finishedAt: now,
        })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.state, 'running')))
        .returning({ id: importJobs.id });
      // Declared dead meanwhile (a stop, or a sweep that took it for stale): its list is settled already.
      if (!claimed) throw new ImportInterrupted();
      const result = await tx.execute(sql`
        WITH firsts AS (
          SELECT DISTINCT ON (linkedin_url) * FROM ${staging} ORDER BY linkedin_url, row_no
        ), added AS (
          INSERT INTO leads (user_id, list_id, name, headline, location, company, connection_degree, source,
                             linkedin_url, profile_image_url, created_at)
          SELECT ${job.userId}::uuid, ${job.listId}::bigint, coalesce(name, ''), coalesce(headline, ''),
                 coalesce(location, ''), coalesce(company, ''), coalesce(connection_degree, ''), ${CSV_SOURCE},
                 linkedin_url, profile_image_url, ${now.toISOString()}::timestamptz
          FROM firsts ${guard} ORDER BY row_no DESC
          ${onConflict}
          RETURNING 1
        )
        SELECT count(*)::int AS imported FROM added`);
      const imported = Number((result as unknown as { rows: { imported: number }[] }).rows[0]?.imported ?? 0);
      await tx.update(importJobs).set({ imported }).where(eq(importJobs.id, job.id));
      await tx
        .update(lists)
        .set({
          leadCount: sql`${lists.leadCount} + ${imported}`,
          status: job.statusBefore === 'in_campaign' ? 'in_campaign' : 'ready',
          message: '',
          updatedAt: now,
        })
        .where(eq(lists.id, job.listId));
      return imported;
    });
  } catch (error) {
    if (race === 'anti-join' && isUniqueViolation(error)) {
      return finishImport(deps, job, counts, 'on-conflict');
    }
    throw error;
  }
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
    if (rows < 0 || imported > 50 + 0.1 * rows) await deps.db.execute(sql`ANALYZE leads`);
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
 * A CSV import from its uploaded file to its list: parse (streaming) → COPY into a staging table in
 * chunks (progress in import_jobs) → one INSERT … SELECT into leads. Any failure leaves the list
 * without a single row of this file and says why. Never throws.
 */
export const runImport = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: ImportJobRow,
  options: { signal: AbortSignal; log: Log },
): Promise<void> => {
  const counts: Counts = { processed: 0, skipped: 0 };
  const heartbeat = setInterval(() => {
    deps.db
      .update(importJobs)
      .set({ heartbeatAt: deps.clock.now() })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.state, 'running')))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const staging = stagingTableOf(job.id);
    await deps.db.execute(
      sql.raw(`CREATE UNLOGGED TABLE ${staging} (row_no integer NOT NULL, name text, headline text, location text,
        company text, connection_degree text, profile_image_url text, linkedin_url text NOT NULL)`),
    );
    await copyRows(
      deps.db,
      { table: staging, columns: STAGING_COLUMNS },
      stagingChunks(deps, job, counts, options.signal),
    );
    const imported = await finishImport(deps, job, counts);
    if (isEmbedded(deps.db)) await analyzeAfter(deps, imported);
  } catch (error) {
    if (!(error instanceof CsvFileError || error instanceof ImportInterrupted)) {
      options.log.error({ err: error, jobId: job.id }, 'CSV import failed');
    }
    await failJobs(deps, eq(importJobs.id, job.id), reasonOf(error)).catch((failure: unknown) =>
      options.log.error({ err: failure, jobId: job.id }, 'could not mark a failed CSV import'),
    );
  } finally {
    clearInterval(heartbeat);
    await cleanUpJob(deps, job);
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
