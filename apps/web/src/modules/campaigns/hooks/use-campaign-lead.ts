import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { CAMPAIGN_REFRESH_MS } from '../lib/campaign-view';
import { CAMPAIGN_LEAD_KEY } from './campaigns-keys';

/**
 * One lead of a campaign for the side panel: messages, comment, status reason and activity. Asked
 * again while its messages are being written or its campaign runs (`live`).
 */
export const useCampaignLead = (id: number | null, { live }: { live: boolean }) =>
  useQuery({
    queryKey: [...CAMPAIGN_LEAD_KEY, id],
    queryFn: () => callApi(CALLS.campaignLead, { query: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (query) =>
      live || (query.state.data && query.state.data.messages === null) ? CAMPAIGN_REFRESH_MS : false,
    staleTime: 0,
  });
