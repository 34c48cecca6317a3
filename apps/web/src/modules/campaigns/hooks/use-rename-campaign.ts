import {
  CALLS,
  CAMPAIGN_MESSAGES,
  type TCampaignLeadsResponse,
  type TRenameCampaignRequest,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { CAMPAIGN_LEADS_KEY, CAMPAIGNS_KEY } from './campaigns-keys';

type TRenameInput = { id: number; name: string; oldName: string };

const setCachedName = (queryClient: ReturnType<typeof useQueryClient>, id: number, name: string): void => {
  queryClient.setQueriesData<TCampaignLeadsResponse>({ queryKey: [...CAMPAIGN_LEADS_KEY, id] }, (data) =>
    data ? { ...data, campaign_name: name, campaign: { ...data.campaign, 'Campaign List': name } } : data,
  );
};

/** The new title shows at once; on failure the old one comes back with "Error occured" and the reason. */
export const useRenameCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: TRenameInput) =>
      callApi(CALLS.renameCampaign, {
        body: { id, name } satisfies TRenameCampaignRequest,
        toastErrors: false,
      }),
    onMutate: async ({ id, name }) => {
      await queryClient.cancelQueries({ queryKey: [...CAMPAIGN_LEADS_KEY, id] });
      setCachedName(queryClient, id, name);
    },
    onError: (error, { id, oldName }) => {
      setCachedName(queryClient, id, oldName);
      failureToast(CAMPAIGN_MESSAGES.errorOccured, error);
    },
    onSuccess: ({ message }) => toast('success', message || CAMPAIGN_MESSAGES.renamed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
};
