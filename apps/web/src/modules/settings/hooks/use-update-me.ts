import { type TUpdateMeRequest, ZMeResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { ME_QUERY_KEY, syncSessionWithMe } from '../../../app/session/use-me';

export const useUpdateMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateMeRequest) => api('/me', { method: 'PUT', body: input, schema: ZMeResponse }),
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me);
      syncSessionWithMe(me);
      toast('success', 'Profile updated');
    },
  });
};
