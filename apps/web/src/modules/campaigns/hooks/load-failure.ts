import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { failureToast } from '../../../app/api/failure-toast';

/**
 * Wraps a query's fetch so its first load toasts `title` on failure. Background refreshes of data
 * already on screen stay quiet: a poll every few seconds must not toast every few seconds.
 */
export const withLoadFailureToast =
  <T>(queryClient: QueryClient, title: string, fetch: () => Promise<T>) =>
  async ({ queryKey }: { queryKey: QueryKey }): Promise<T> => {
    try {
      return await fetch();
    } catch (error) {
      if (queryClient.getQueryData(queryKey) === undefined) failureToast(title, error);
      throw error;
    }
  };
