import {
  CAMPAIGN_MESSAGES,
  type TCampaignIdRequest,
  type TLaunchCampaignRequest,
  ZApproveAllResponse,
  ZCampaignStateResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { LI_AT_STATUS_KEY } from '../../linkedin/hooks/use-li-at-status';
import { isLinkedInExpired } from '../lib/linkedin-expired';
import { CAMPAIGNS_KEY } from './campaigns-keys';

/** Launch and pause share their answer, their toasts and what they refresh. */
const useStateChange = <TInput>(path: string, body: (input: TInput) => unknown, fallback: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) =>
      api(path, { method: 'PUT', body: body(input), schema: ZCampaignStateResponse, toastErrors: false }),
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
    '/linkedinAI/launch_campaign',
    (input: TLaunchCampaignRequest) => input,
    CAMPAIGN_MESSAGES.launched,
  );

/** Pause Campaign: stops it before its next action. */
export const usePauseCampaign = () =>
  useStateChange(
    '/linkedinAI/pause_campaign',
    (id: number) => ({ id }) satisfies TCampaignIdRequest,
    CAMPAIGN_MESSAGES.paused,
  );

/** Approve All Messages: every waiting lead's messages at once. */
export const useApproveAllMessages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api('/linkedinAI/approve_all_messages', {
        method: 'PUT',
        body: { id } satisfies TCampaignIdRequest,
        schema: ZApproveAllResponse,
      }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
};
