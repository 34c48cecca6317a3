import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { whileImporting } from './importing-refresh';
import { LISTS_KEY } from './leads-keys';

/** One page of lists (spec §7: the page is sent zero-based, as page minus 1). */
export const useAllLists = ({ page, limit, enabled }: { page: number; limit: number; enabled: boolean }) =>
  useQuery({
    queryKey: [...LISTS_KEY, 'page', { page, limit }],
    queryFn: async () => {
      try {
        return await callApi(CALLS.allLists, { query: { page: page - 1, limit }, toastErrors: false });
      } catch (error) {
        failureToast('Error', error);
        throw error;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: whileImporting,
    staleTime: 0,
  });
