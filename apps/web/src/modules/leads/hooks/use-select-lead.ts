import { CALLS, type TAllLeadsResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { ALL_LEADS_KEY } from './leads-keys';

/**
 * Spec §4: the select box toggles isSelected on the server. It changes only with the server's
 * answer, so on failure ("Can't select") it stays as it was.
 */
export const useSelectLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.selectPeople, { body: { id }, toastErrors: false }),
    onSuccess: ({ isSelected }, id) => {
      queryClient.setQueriesData<TAllLeadsResponse>({ queryKey: ALL_LEADS_KEY }, (data) =>
        data
          ? { ...data, leads: data.leads.map((lead) => (lead.id === id ? { ...lead, isSelected } : lead)) }
          : data,
      );
    },
    onError: (error) => failureToast("Can't select", error),
  });
};
