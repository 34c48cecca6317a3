import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

/** The caller's finished blog posts whose title contains `search` (History's index), newest first. */
export const useBlogChoices = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['linkedin-posts', 'blog-choices', search],
    queryFn: () =>
      callApi(CALLS.getHistory, {
        query: { kind: 'blog', limit: 50, ...(search.trim() ? { q: search.trim() } : {}) },
      }),
    select: (data) => data.items.filter((item) => item.status === 'ready'),
    enabled,
    staleTime: 30_000,
  });

/** The caller's text inputs, newest first. */
export const useTextInputChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['linkedin-posts', 'input-choices'],
    queryFn: () =>
      callApi(CALLS.getInputs, { query: { kind: 'text', page: 0, limit: 60 }, toastErrors: false }),
    enabled,
    staleTime: 30_000,
  });
