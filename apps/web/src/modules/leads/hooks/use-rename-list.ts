import { CALLS, LEADS_MESSAGES, type TRenameListRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { LEADS_KEY } from './leads-keys';
import { patchCachedList } from './patch-lists';

type TRenameInput = { id: number; new_name: string; old_name: string };

/** Spec §4: the new name shows at once; on failure the old name comes back with "Can't Rename list". */
export const useRenameList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, new_name }: TRenameInput) =>
      callApi(CALLS.renameList, { body: { id, new_name } satisfies TRenameListRequest, toastErrors: false }),
    onMutate: async ({ id, new_name }) => {
      await queryClient.cancelQueries({ queryKey: LEADS_KEY });
      patchCachedList(queryClient, id, { name: new_name });
    },
    onError: (error, { id, old_name }) => {
      patchCachedList(queryClient, id, { name: old_name });
      failureToast("Can't Rename list", error);
    },
    onSuccess: () => toast('success', LEADS_MESSAGES.listRenamed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
};
