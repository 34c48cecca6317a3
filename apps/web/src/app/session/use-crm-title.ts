import { CALLS, DEFAULT_CRM_TITLE, type TMeResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { ME_QUERY_KEY, useMe } from './use-me';

/**
 * The list page shells' editable title (spec §2, default "CRM"). It is kept on the server per
 * account (PUT /api/me/crm_title), so it survives logout (which clears local storage) and follows the
 * person to other devices; /api/me carries it.
 */
export const useCrmTitle = () => {
  const queryClient = useQueryClient();
  const me = useMe();
  const rename = useMutation({
    mutationFn: (title: string) => callApi(CALLS.updateMeCrmTitle, { body: { title } }),
    onSuccess: (answer) => queryClient.setQueryData<TMeResponse>(ME_QUERY_KEY, answer),
  });
  const saving = rename.isPending ? rename.variables.trim() || DEFAULT_CRM_TITLE : null;
  return {
    title: saving ?? me.data?.crmTitle ?? DEFAULT_CRM_TITLE,
    rename: (title: string) => rename.mutate(title),
    pending: rename.isPending,
  };
};
