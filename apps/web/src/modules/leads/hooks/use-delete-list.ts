import { CALLS, LEADS_MESSAGES } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { LEADS_KEY } from './leads-keys';

/** Deletes a list and its leads; a refusal (e.g. a list in a running campaign) says "Can't delete list". */
export const useDeleteList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteList, { query: { id }, toastErrors: false }),
    onSuccess: ({ message }) => toast('success', message || LEADS_MESSAGES.listDeleted),
    onError: (error) => failureToast("Can't delete list", error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
};
