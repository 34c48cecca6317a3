import { ZSearchCampaignsResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { CAMPAIGN_LIST_KEY } from './campaigns-keys';
import { withLoadFailureToast } from './load-failure';
import { whileRunning } from './use-campaigns';

/** Campaigns whose name contains `query` (the caller debounces it by 300 ms, spec §9). */
export const useSearchCampaigns = (query: string) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CAMPAIGN_LIST_KEY, 'search', query],
    queryFn: withLoadFailureToast(queryClient, 'Error', () =>
      api('/linkedinAI/search_campaigns', {
        query: { query },
        schema: ZSearchCampaignsResponse,
        toastErrors: false,
      }),
    ),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    refetchInterval: whileRunning,
    staleTime: 0,
  });
};
