import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { IMPORTING_REFRESH_MS } from './importing-refresh';
import { IMPORT_STATUS_KEY } from './leads-keys';

/** Progress of the newest CSV import of a list, asked again every 2 s while it runs. */
export const useImportStatus = (listId: number | null) =>
  useQuery({
    queryKey: [...IMPORT_STATUS_KEY, listId],
    queryFn: () => callApi(CALLS.importStatus, { query: { list_id: listId ?? 0 }, toastErrors: false }),
    enabled: listId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'Importing...' ? IMPORTING_REFRESH_MS : false),
    staleTime: 0,
  });
