import type { TList, TListStatus } from '@sales-assist/contract';
import type { ListState } from '../../db/schema';

export const STATUS_OF: Record<ListState, TListStatus> = {
  importing: 'Importing...',
  error: 'Error',
  ready: 'Not in Campaign',
  in_campaign: 'In a campaign',
};

const number = new Intl.NumberFormat('en-US');

/** The tooltip of an importing list: how far its import has come. */
export const progressMessage = (job: { processed: number; total: number } | null): string =>
  job && job.total > 0
    ? `Imported ${number.format(Math.min(job.processed, job.total))} of ${number.format(job.total)} rows`
    : 'Importing...';

export type ListWithJob = {
  id: number;
  name: string;
  status: ListState;
  message: string;
  leadCount: number;
  jobProcessed: number | null;
  jobTotal: number | null;
};

export const listView = (row: ListWithJob): TList => ({
  id: row.id,
  name: row.name,
  status: STATUS_OF[row.status],
  message:
    row.status === 'importing' && row.jobTotal !== null
      ? progressMessage({ processed: row.jobProcessed ?? 0, total: row.jobTotal })
      : row.status === 'importing'
        ? row.message || progressMessage(null)
        : row.message,
  leadcount: row.leadCount,
});
