import { CALLS, type TContentNetwork } from '@sales-assist/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

/** GET /analytics/content/posts: published posts with their figures, newest first, 20 at a time. */
export const useContentPosts = (network: TContentNetwork | null) =>
  useInfiniteQuery({
    queryKey: ['analytics', 'content-posts', { network }],
    queryFn: ({ pageParam }) =>
      callApi(CALLS.listContentPosts, {
        query: { ...(network ? { network } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
