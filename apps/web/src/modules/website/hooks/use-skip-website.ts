import { CALLS } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { sessionStore } from '../../../app/session/session-store';
import { ME_QUERY_KEY } from '../../../app/session/use-me';

/** skip_website: the website step is settled without a website, so sign-in goes to / from now on. */
export const useSkipWebsite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(CALLS.skipWebsite, {}),
    onSuccess: ({ website_check }) => {
      sessionStore.update({ website_check });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
};
