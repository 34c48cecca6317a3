import { ZImportStatusResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { IMPORTING_REFRESH_MS } from './importing-refresh';
import { IMPORT_STATUS_KEY } from './leads-keys';

/** Progress of the newest CSV import of a list, asked again every 2 s while it runs. */
export const useImportStatus = (listId: number | null) =>
  useQuery({
    queryKey: [...IMPORT_STATUS_KEY, listId],
    queryFn: () =>
      api('/linkedinAI/import_status', {
        query: { list_id: listId ?? 0 },
        schema: ZImportStatusResponse,
        toastErrors: false,
      }),
    enabled: listId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'Importing...' ? IMPORTING_REFRESH_MS : false),
    staleTime: 0,
  });
