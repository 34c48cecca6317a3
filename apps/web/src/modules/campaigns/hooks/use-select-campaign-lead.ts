import {
  CALLS,
  CAMPAIGN_MESSAGES,
  type TCampaignLeadIdRequest,
  type TCampaignLeadsResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { CAMPAIGN_LEADS_KEY } from './campaigns-keys';

/** Toggles a campaign lead's select box on the server; the box follows the server's answer only. */
export const useSelectCampaignLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(CALLS.selectCampaignLead, {
        body: { id } satisfies TCampaignLeadIdRequest,
        toastErrors: false,
      }),
    onSuccess: ({ IsSelected }, id) => {
      queryClient.setQueriesData<TCampaignLeadsResponse>({ queryKey: CAMPAIGN_LEADS_KEY }, (data) =>
        data
          ? { ...data, result: data.result.map((lead) => (lead.ID === id ? { ...lead, IsSelected } : lead)) }
          : data,
      );
    },
    onError: (error) => failureToast(CAMPAIGN_MESSAGES.errorOccured, error),
  });
};
