import { CALLS, type TListFromLeadsRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { LEADS_KEY } from './leads-keys';

/** Start Outreach: a new list of the selected leads, made on the server in one call. */
export const useListFromLeads = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TListFromLeadsRequest) => callApi(CALLS.listFromLeads, { body, toastErrors: false }),
    // The lists screen and the campaign wizard's list dropdown read lists under LEADS_KEY.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
    onError: (error) => failureToast("Can't create list", error),
  });
};
