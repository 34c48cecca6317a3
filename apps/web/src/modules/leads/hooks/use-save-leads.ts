import { CALLS } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { LEADS_KEY } from './leads-keys';

/** Imports the file into a list named `list` (an existing one gets the leads appended). */
export const useSaveLeads = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, list }: { file: File; list: string }) => {
      const form = new FormData();
      form.append('list', list);
      form.append('file', file, file.name);
      return callApi(CALLS.saveLeads, { body: form });
    },
    onSuccess: ({ message }) => {
      toast('success', message);
      return queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    },
  });
};
