import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error';
import { onLocalLogout } from './session/clear-local-state';

/** A 4xx answer will not change on retry; network hiccups and 5xx get one more try. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

onLocalLogout(() => queryClient.clear());
