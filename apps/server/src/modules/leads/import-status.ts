import type { TImportStatusResponse } from '@sales-assist/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { importJobs } from '../../db/schema';
import { findOwnList } from './find-list';
import { failStaleImports } from './import-jobs';
import { progressMessage, STATUS_OF } from './list-view';

/** The progress bar of the import page: the newest import of one of the caller's lists. */
export const importStatus = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { list_id: number },
): Promise<TImportStatusResponse> => {
  await failStaleImports(deps, userId);
  const list = await findOwnList(deps.db, userId, input.list_id);
  const [job] = await deps.db
    .select()
    .from(importJobs)
    .where(eq(importJobs.listId, list.id))
    .orderBy(desc(importJobs.createdAt))
    .limit(1);
  if (!job) {
    return {
      status: STATUS_OF[list.status],
      processed: 0,
      total: 0,
      skipped: 0,
      imported: 0,
      message: list.message,
      notice: null,
    };
  }
  const counts = { processed: job.processed, total: job.total, skipped: job.skipped, imported: job.imported };
  if (job.state === 'running') {
    return { status: 'Importing...', ...counts, message: progressMessage(job), notice: null };
  }
  if (job.state === 'failed') return { status: 'Error', ...counts, message: job.error ?? '', notice: null };
  // Read after the job: the list read above may predate the transaction that ended the job.
  const settled = await findOwnList(deps.db, userId, input.list_id);
  return { status: STATUS_OF[settled.status], ...counts, message: settled.message, notice: job.notice };
};
