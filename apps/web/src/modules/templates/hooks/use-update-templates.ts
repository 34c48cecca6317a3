import { CALLS, TEMPLATE_EDITOR_MESSAGES, type TUpdateTemplatesDataBody } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { TEMPLATES_DATA_KEY } from './templates-keys';

/**
 * Spec §7 PUT /update-templates-data and §8: "Updated" on success; "Error updating templates" on
 * failure, with the server's reason under it (e.g. which prompt has the wrong purpose).
 */
export const useUpdateTemplates = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateTemplatesDataBody) =>
      callApi(CALLS.updateTemplatesData, { body, toastErrors: false }),
    onSuccess: () => toast('success', TEMPLATE_EDITOR_MESSAGES.updated),
    onError: (error) => failureToast(TEMPLATE_EDITOR_MESSAGES.updateFailed, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_DATA_KEY }),
  });
};
