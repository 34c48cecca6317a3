import { CALLS, type TUpdateMeRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { ME_QUERY_KEY, syncSessionWithMe } from '../../../app/session/use-me';
import { BRAND_PROFILE_QUERY_KEY } from './use-brand-profile';

export const useUpdateMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateMeRequest) => callApi(CALLS.updateMe, { body: input }),
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me);
      syncSessionWithMe(me);
      // Without a website the brand profile's company is the account's company name.
      void queryClient.invalidateQueries({ queryKey: BRAND_PROFILE_QUERY_KEY });
      toast('success', 'Profile updated');
    },
  });
};
