import {
  CALLS,
  CAMPAIGN_MESSAGES,
  type TCampaignIdRequest,
  type TCampaignStateResponse,
  type TLaunchCampaignRequest,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { LI_AT_STATUS_KEY } from '../../linkedin/hooks/use-li-at-status';
import { isLinkedInExpired } from '../lib/linkedin-expired';
import { CAMPAIGNS_KEY } from './campaigns-keys';

/** Launch and pause share their answer, their toasts and what they refresh. */
const useStateChange = <TInput>(
  send: (input: TInput) => Promise<TCampaignStateResponse>,
  fallback: string,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) => toast('success', message || fallback),
    onError: (error) => {
      if (isLinkedInExpired(error)) {
        cookieDialog.open();
        void queryClient.invalidateQueries({ queryKey: LI_AT_STATUS_KEY });
      }
      failureToast(CAMPAIGN_MESSAGES.errorOccured, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
};

/** Launch Campaign (spec §4): `unapproved` says what to do with leads not approved yet. */
export const useLaunchCampaign = () =>
  useStateChange(
    (input: TLaunchCampaignRequest) => callApi(CALLS.launchCampaign, { body: input, toastErrors: false }),
    CAMPAIGN_MESSAGES.launched,
  );

/** Pause Campaign: stops it before its next action. */
export const usePauseCampaign = () =>
  useStateChange(
    (id: number) =>
      callApi(CALLS.pauseCampaign, { body: { id } satisfies TCampaignIdRequest, toastErrors: false }),
    CAMPAIGN_MESSAGES.paused,
  );

/** Approve All Messages: every waiting lead's messages at once. */
export const useApproveAllMessages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(CALLS.approveAllMessages, { body: { id } satisfies TCampaignIdRequest }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
};
