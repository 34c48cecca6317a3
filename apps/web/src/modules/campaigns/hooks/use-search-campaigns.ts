import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { CAMPAIGN_LIST_KEY } from './campaigns-keys';
import { withLoadFailureToast } from './load-failure';
import { whileRunning } from './use-campaigns';

/** Campaigns whose name contains `query` (the caller debounces it by 300 ms, spec §9). */
export const useSearchCampaigns = (query: string) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CAMPAIGN_LIST_KEY, 'search', query],
    queryFn: withLoadFailureToast(queryClient, 'Error', () =>
      callApi(CALLS.searchCampaigns, { query: { query }, toastErrors: false }),
    ),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    refetchInterval: whileRunning,
    staleTime: 0,
  });
};
