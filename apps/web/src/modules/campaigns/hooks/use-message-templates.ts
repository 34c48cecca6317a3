import {
  CAMPAIGN_MESSAGES,
  type TSaveMessageTemplateRequest,
  ZMessageResponse,
  ZMessageTemplatesResponse,
  ZSaveMessageTemplateResponse,
} from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { TEMPLATES_KEY } from './campaigns-keys';

/** The user's own message templates (the spec's three are constants of the contract). */
export const useMessageTemplates = () =>
  useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: () => api('/linkedinAI/message_templates', { schema: ZMessageTemplatesResponse }),
    select: (data) => data.templates,
  });

/** Saves a new template (or changes one with its id); the dialog shows a refusal itself. */
export const useSaveMessageTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveMessageTemplateRequest) =>
      api('/linkedinAI/save_message_template', {
        method: 'POST',
        body,
        schema: ZSaveMessageTemplateResponse,
        toastErrors: false,
      }),
    onSuccess: ({ message }) => toast('success', message || CAMPAIGN_MESSAGES.templateSaved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
};

export const useDeleteMessageTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api('/linkedinAI/delete_message_template', {
        method: 'DELETE',
        query: { id },
        schema: ZMessageResponse,
        toastErrors: false,
      }),
    onSuccess: ({ message }) => toast('success', message || CAMPAIGN_MESSAGES.templateDeleted),
    onError: (error) => failureToast(CAMPAIGN_MESSAGES.errorOccured, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
};
