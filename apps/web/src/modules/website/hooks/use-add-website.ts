import { CALLS } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { sessionStore } from '../../../app/session/session-store';
import { ME_QUERY_KEY } from '../../../app/session/use-me';

/**
 * add_website with the session's e-mail (spec §7); success records the website in the session.
 * No toast: the automatic scan fails silently (spec §2) and the form shows the reason by the field.
 */
export const useAddWebsite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (websiteUrl: string) =>
      callApi(CALLS.addWebsite, {
        body: { email: sessionStore.get()?.email, website_url: websiteUrl },
        toastErrors: false,
      }),
    onSuccess: ({ website_name }, websiteUrl) => {
      sessionStore.update({ website_check: true, website_name, website_url: websiteUrl });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
};
