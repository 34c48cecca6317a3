import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { ALL_LEADS_KEY } from './leads-keys';

/** One page of all leads (spec §7: page sent as page minus 1, `row` is the page size). */
export const useAllLeads = ({ page, row }: { page: number; row: number }) =>
  useQuery({
    queryKey: [...ALL_LEADS_KEY, { page, row }],
    queryFn: async () => {
      try {
        return await callApi(CALLS.allLeads, { query: { page: page - 1, row }, toastErrors: false });
      } catch (error) {
        failureToast('Error while fetching leads', error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
