import { CALLS, CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { LEADS_KEY } from '../../leads/hooks/leads-keys';
import { CAMPAIGN_LEADS_KEY, CAMPAIGNS_KEY } from './campaigns-keys';

/**
 * Deletes a campaign that is not running; a refusal (running: pause it first) shows the server's reason.
 * The lists refresh too: the campaign's list shows "Not in Campaign" again.
 */
export const useDeleteCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteCampaign, { query: { id }, toastErrors: false }),
    onSuccess: ({ message }, id) => {
      queryClient.removeQueries({ queryKey: [...CAMPAIGN_LEADS_KEY, id] });
      toast('success', message || CAMPAIGN_MESSAGES.campaignDeleted);
    },
    onError: (error) => failureToast("Can't delete campaign", error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
        queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
      ]),
  });
};
