import { ZSkipWebsiteResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { sessionStore } from '../../../app/session/session-store';
import { ME_QUERY_KEY } from '../../../app/session/use-me';

/** skip_website: the website step is settled without a website, so sign-in goes to / from now on. */
export const useSkipWebsite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/skip_website', { method: 'POST', schema: ZSkipWebsiteResponse }),
    onSuccess: ({ website_check }) => {
      sessionStore.update({ website_check });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
};
