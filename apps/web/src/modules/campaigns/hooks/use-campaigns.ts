import { CALLS, type TCampaign } from '@sales-assist/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { CAMPAIGN_REFRESH_MS } from '../lib/campaign-view';
import { CAMPAIGN_LIST_KEY } from './campaigns-keys';
import { withLoadFailureToast } from './load-failure';

/** Keeps asking while any campaign on screen runs, so its progress moves. */
export const whileRunning = (query: {
  state: { data?: { campaigns?: TCampaign[]; lists?: TCampaign[] } };
}) => {
  const rows = query.state.data?.campaigns ?? query.state.data?.lists ?? [];
  return rows.some((campaign) => campaign.Status === 'On Going') ? CAMPAIGN_REFRESH_MS : false;
};

/** One page of campaigns (spec §7: the page is sent as is, one-based). */
export const useCampaigns = ({ page, limit, enabled }: { page: number; limit: number; enabled: boolean }) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CAMPAIGN_LIST_KEY, 'page', { page, limit }],
    queryFn: withLoadFailureToast(queryClient, 'Error', () =>
      callApi(CALLS.fetchCampaigns, { query: { page, limit }, toastErrors: false }),
    ),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: whileRunning,
    staleTime: 0,
  });
};
