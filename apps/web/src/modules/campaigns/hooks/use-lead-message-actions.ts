import { CALLS, type TCampaignLeadIdRequest, type TUpdateLeadMessagesRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { CAMPAIGNS_KEY } from './campaigns-keys';

/** After any change to a lead's messages, its row, its panel and the campaign's counts are read again. */
const useRefreshAfter = () => {
  const queryClient = useQueryClient();
  return {
    onSuccess: ({ message }: { message: string }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  };
};

/** Edit Message → Save: new texts for a lead (the server's own message names a refused field). */
export const useUpdateLeadMessages = () =>
  useMutation({
    mutationFn: (input: TUpdateLeadMessagesRequest) => callApi(CALLS.updateLeadMessages, { body: input }),
    ...useRefreshAfter(),
  });

/** Approve Message: this lead's messages may be sent. */
export const useApproveLeadMessage = () =>
  useMutation({
    mutationFn: (id: number) =>
      callApi(CALLS.approveLeadMessage, { body: { id } satisfies TCampaignLeadIdRequest }),
    ...useRefreshAfter(),
  });

/** Skip Message: the lead is left out of the campaign. */
export const useSkipLeadMessage = () =>
  useMutation({
    mutationFn: (id: number) =>
      callApi(CALLS.skipLeadMessage, { body: { id } satisfies TCampaignLeadIdRequest }),
    ...useRefreshAfter(),
  });
