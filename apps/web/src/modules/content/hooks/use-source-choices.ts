import { ZHistoryResponse, ZInputsResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

/** The caller's finished blog posts whose title contains `search` (History's index), newest first. */
export const useBlogChoices = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['linkedin-posts', 'blog-choices', search],
    queryFn: () =>
      api('/history', {
        query: { kind: 'blog', limit: 50, ...(search.trim() ? { q: search.trim() } : {}) },
        schema: ZHistoryResponse,
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
      api('/inputs', {
        query: { kind: 'text', page: 0, limit: 60 },
        schema: ZInputsResponse,
        toastErrors: false,
      }),
    enabled,
    staleTime: 30_000,
  });
