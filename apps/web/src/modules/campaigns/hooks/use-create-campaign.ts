import { CALLS, CAMPAIGN_MESSAGES, type TCreateCampaignRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { sessionStore } from '../../../app/session/session-store';
import { LEADS_KEY } from '../../leads/hooks/leads-keys';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { LI_AT_STATUS_KEY } from '../../linkedin/hooks/use-li-at-status';
import { isLinkedInExpired } from '../lib/linkedin-expired';
import { CAMPAIGNS_KEY } from './campaigns-keys';

/**
 * Spec §8 create_campaign: success toasts the server's message; an expired LinkedIn session raises
 * the expired flag (the li_at dialog); anything else is "Can't create campaign" with the reason.
 * A 402 (not enough credits) also opens the premium pop-up: the API client does that for every 402.
 */
export const useCreateCampaign = ({ onCreated }: { onCreated: (campaignId: number) => void }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TCreateCampaignRequest) =>
      callApi(CALLS.createCampaign, { body: payload, toastErrors: false }),
    onSuccess: ({ message, campaign_id, credits }) => {
      // The header shows the balance; the answer carries it after the payment.
      sessionStore.update({ credits });
      toast('success', message);
      onCreated(campaign_id);
    },
    onError: (error) => {
      if (isLinkedInExpired(error)) {
        cookieDialog.open();
        void queryClient.invalidateQueries({ queryKey: LI_AT_STATUS_KEY });
        return;
      }
      failureToast(CAMPAIGN_MESSAGES.createFailed, error);
    },
    onSettled: async () => {
      // The list is now "In a campaign".
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
        queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
      ]);
    },
  });
};
