import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Encoding } from './csv/file-encoding';
import type { LeadFields } from './csv/lead-columns';
import { readLeads } from './csv/read-leads';
import { hasUnreadableText, type NoticeCounts } from './import-notice';

export type Counts = { processed: number; skipped: number };
/** What reading the file learns: its counts and what the notice will tell. */
export type FileCounts = Counts & NoticeCounts;

/** A usable row to import: the first row of its profile in the file (rowNo counts the file's data rows). */
export type ImportRow = { rowNo: number; lead: LeadFields };

/** Thrown between rows or batches once the job is stopped or declared dead. */
export class ImportInterrupted extends Error {}

/**
 * Parsing is this process's own work (the database, embedded or not, runs elsewhere): after this long
 * without a turn, the reader lets the event loop answer other requests. The parser takes the file in
 * READ_BYTES chunks, each in one go (about a millisecond's work at 16 KiB; 64 KiB, the stream's default,
 * held the loop for 4-5 ms at a time).
 */
const TURN_MS = 4;
const READ_BYTES = 16 * 1024;

/**
 * The rows of the file worth importing, in file order, a batch every `batchRows` data rows (skipped and
 * repeated rows count too, so progress follows the file). Only the first row of each profile is kept (the
 * same Set verify_upload counts with): the list never sees a profile twice from one file. Updates `counts`
 * as it reads.
 */
export async function* importBatches(
  filePath: string,
  options: { encoding: Encoding; batchRows: number; counts: FileCounts; signal: AbortSignal },
): AsyncGenerator<ImportRow[]> {
  const { counts, signal } = options;
  const seen = new Set<string>();
  let batch: ImportRow[] = [];
  let lastTurn = performance.now();
  const file = createReadStream(filePath, { highWaterMark: READ_BYTES });
  for await (const row of readLeads(file, { encoding: options.encoding })) {
    if (signal.aborted) throw new ImportInterrupted();
    counts.processed++;
    const lead = row.lead;
    if (!lead) {
      counts.skipped++;
      if (row.reason === 'sales-navigator') counts.salesNavigator++;
    } else if (!seen.has(lead.linkedinUrl)) {
      seen.add(lead.linkedinUrl);
      if (hasUnreadableText(lead)) counts.unreadable++;
      batch.push({ rowNo: counts.processed, lead });
    }
    if (counts.processed % options.batchRows === 0) {
      yield batch;
      batch = [];
    }
    if (performance.now() - lastTurn > TURN_MS) {
      await nextTurn();
      lastTurn = performance.now();
    }
  }
  if (batch.length) yield batch;
}

/**
 * Pulls the next item while the consumer still works on the current one: the file's next batch is parsed
 * here while the database writes the last (on the embedded database in its own thread, on PostgreSQL in
 * its own process), instead of each waiting for the other.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let pending = iterator.next();
  // Not awaited until the consumer asks: a failure is taken up there, never an unhandled rejection.
  pending.catch(() => undefined);
  try {
    for (;;) {
      const next = await pending;
      if (next.done) return;
      pending = iterator.next();
      pending.catch(() => undefined);
      yield next.value;
    }
  } finally {
    // Stopped early (a failure downstream): let the read in flight settle, then close the source.
    await pending.catch(() => undefined);
    await iterator.return?.(undefined);
  }
}
