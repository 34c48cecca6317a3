import { CALLS, CAMPAIGN_MESSAGES, type TCampaignLeadsResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { CAMPAIGN_REFRESH_MS } from '../lib/campaign-view';
import { CAMPAIGN_LEADS_KEY } from './campaigns-keys';
import { withLoadFailureToast } from './load-failure';

type TCampaignLeadsInput = { id: number; page: number; limit: number };

/**
 * One page of a campaign's leads with the campaign itself (spec §7, one-based page). Asked again
 * every few seconds while messages are being written or the campaign runs, so the screen follows.
 */
export const useCampaignLeads = ({ id, page, limit }: TCampaignLeadsInput) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CAMPAIGN_LEADS_KEY, id, { page, limit }],
    queryFn: withLoadFailureToast<TCampaignLeadsResponse>(queryClient, CAMPAIGN_MESSAGES.errorOccured, () =>
      callApi(CALLS.getCampaignLeads, { query: { id, page, limit }, toastErrors: false }),
    ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const campaign = query.state.data?.campaign;
      if (!campaign) return false;
      return !campaign['Messages Ready'] || campaign.Status === 'On Going' ? CAMPAIGN_REFRESH_MS : false;
    },
    staleTime: 0,
  });
};
