import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { whileImporting } from './importing-refresh';
import { LISTS_KEY } from './leads-keys';

/** Lists whose name contains `query` (the caller debounces it by 300 ms, spec §9). */
export const useSearchLists = (query: string) =>
  useQuery({
    queryKey: [...LISTS_KEY, 'search', query],
    queryFn: async () => {
      try {
        return await callApi(CALLS.searchLists, { query: { query }, toastErrors: false });
      } catch (error) {
        failureToast('Error', error);
        throw error;
      }
    },
    enabled: query !== '',
    placeholderData: keepPreviousData,
    refetchInterval: whileImporting,
    staleTime: 0,
  });
