import { CALLS, type TStoreCookieRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { cookieDialog } from './cookie-dialog-store';
import { LI_AT_STATUS_KEY } from './use-li-at-status';

/** Save Cookie: the server checks the li_at against LinkedIn before keeping it. */
export const useStoreCookie = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows the server's error text itself (spec §8 "Store cookie").
    mutationFn: (input: TStoreCookieRequest) =>
      callApi(CALLS.storeCookie, { body: input, toastErrors: false }),
    onSuccess: ({ message, name }) => {
      toast('success', name ? `${message}: connected to LinkedIn as ${name}` : message);
      cookieDialog.close();
      return queryClient.invalidateQueries({ queryKey: LI_AT_STATUS_KEY });
    },
  });
};
