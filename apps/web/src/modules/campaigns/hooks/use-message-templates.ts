import { CALLS, CAMPAIGN_MESSAGES, type TSaveMessageTemplateRequest } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { TEMPLATES_KEY } from './campaigns-keys';

/** The user's own message templates (the spec's three are constants of the contract). */
export const useMessageTemplates = () =>
  useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: () => callApi(CALLS.messageTemplates, {}),
    select: (data) => data.templates,
  });

/** Saves a new template (or changes one with its id); the dialog shows a refusal itself. */
export const useSaveMessageTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveMessageTemplateRequest) =>
      callApi(CALLS.saveMessageTemplate, { body, toastErrors: false }),
    onSuccess: ({ message }) => toast('success', message || CAMPAIGN_MESSAGES.templateSaved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
};

export const useDeleteMessageTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteMessageTemplate, { query: { id }, toastErrors: false }),
    onSuccess: ({ message }) => toast('success', message || CAMPAIGN_MESSAGES.templateDeleted),
    onError: (error) => failureToast(CAMPAIGN_MESSAGES.errorOccured, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
};
