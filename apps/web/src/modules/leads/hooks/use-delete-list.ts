import { LEADS_MESSAGES, ZMessageResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { LEADS_KEY } from './leads-keys';

/** Deletes a list and its leads; a refusal (e.g. a list in a running campaign) says "Can't delete list". */
export const useDeleteList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api('/linkedinAI/delete_list', {
        method: 'DELETE',
        query: { id },
        schema: ZMessageResponse,
        toastErrors: false,
      }),
    onSuccess: ({ message }) => toast('success', message || LEADS_MESSAGES.listDeleted),
    onError: (error) => failureToast("Can't delete list", error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
};
