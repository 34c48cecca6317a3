import { CALLS, CAMPAIGN_MESSAGES, type TCampaign, type TCampaignIdRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { CAMPAIGN_LIST_KEY } from './campaigns-keys';

type TCampaignRows = { campaigns?: TCampaign[]; lists?: TCampaign[] } | undefined;

/** Spec §4: the select box toggles IsSelected on the server; it changes only with the server's answer. */
export const useSelectCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(CALLS.selectCampaign, { body: { id } satisfies TCampaignIdRequest, toastErrors: false }),
    onSuccess: ({ IsSelected }, id) => {
      const patch = (rows: TCampaign[] | undefined) =>
        rows?.map((campaign) => (campaign.ID === id ? { ...campaign, IsSelected } : campaign));
      queryClient.setQueriesData<TCampaignRows>({ queryKey: CAMPAIGN_LIST_KEY }, (data) =>
        data
          ? {
              ...data,
              ...(data.campaigns && { campaigns: patch(data.campaigns) }),
              ...(data.lists && { lists: patch(data.lists) }),
            }
          : data,
      );
    },
    onError: (error) => failureToast(CAMPAIGN_MESSAGES.errorOccured, error),
  });
};
