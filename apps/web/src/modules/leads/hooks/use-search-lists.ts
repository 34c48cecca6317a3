import { ZSearchListsResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { failureToast } from '../../../app/api/failure-toast';
import { whileImporting } from './importing-refresh';
import { LISTS_KEY } from './leads-keys';

/** Lists whose name contains `query` (the caller debounces it by 300 ms, spec §9). */
export const useSearchLists = (query: string) =>
  useQuery({
    queryKey: [...LISTS_KEY, 'search', query],
    queryFn: async () => {
      try {
        return await api('/linkedinAI/search_lists', {
          query: { query },
          schema: ZSearchListsResponse,
          toastErrors: false,
        });
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
