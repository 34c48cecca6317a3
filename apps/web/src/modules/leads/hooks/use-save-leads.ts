import { ZSaveLeadsResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
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
      return api('/linkedinAI/save_leads', { method: 'POST', body: form, schema: ZSaveLeadsResponse });
    },
    onSuccess: ({ message }) => {
      toast('success', message);
      return queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    },
  });
};
