import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { BLOG_POST_KEY, GENERATING_REFRESH_MS } from './blogs-keys';

/** One post with its body; asks again while it is being written. */
export const useBlog = (id: number | null) =>
  useQuery({
    queryKey: [...BLOG_POST_KEY, id],
    queryFn: async () => (await callApi(CALLS.getBlog, { params: { id } })).blog,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? GENERATING_REFRESH_MS : false),
    // The editor keeps its own draft: a refetch on focus must not reset what the user typed.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
