import {
  CALLS,
  type TAdminPrompt,
  type TCreatePromptRequest,
  type TRestorePromptRequest,
  type TUpdatePromptRequest,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { ADMIN_PROMPTS_KEY } from './use-admin-prompts';

/**
 * Every change answers the prompt as it now is and a message ("Updated", spec §8): the toast shows it,
 * and the list (with its "in use" marks, which a change may move) and histories load again. A refusal
 * toasts the server's message (the api client) and stays with the caller to show in place.
 */
const usePromptMutation = <TInput>(
  send: (input: TInput) => Promise<{ message: string; prompt: TAdminPrompt }>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_PROMPTS_KEY }),
  });
};

export const useCreatePrompt = () =>
  usePromptMutation((body: TCreatePromptRequest) => callApi(CALLS.createAdminPrompt, { body }));

export const useUpdatePrompt = () =>
  usePromptMutation(({ id, ...body }: TUpdatePromptRequest & { id: number }) =>
    callApi(CALLS.updateAdminPrompt, { params: { id }, body }),
  );

export const useSetPromptRetired = () =>
  usePromptMutation(({ id, retired }: { id: number; retired: boolean }) =>
    callApi(CALLS.setAdminPromptRetired, { params: { id }, body: { retired } }),
  );

export const useRestorePromptVersion = () =>
  usePromptMutation(({ id, ...body }: TRestorePromptRequest & { id: number }) =>
    callApi(CALLS.restoreAdminPrompt, { params: { id }, body }),
  );
