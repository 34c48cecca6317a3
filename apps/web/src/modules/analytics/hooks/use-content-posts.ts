import { CALLS, type TContentNetwork } from '@sales-assist/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';

const POSTS_KEY = ['analytics', 'content-posts'] as const;

/**
 * GET /analytics/content/posts: published posts with their figures, newest first, 20 at a time; while a read
 * asked for is under way (`watching`), asked again every few seconds so its figures show as they come.
 */
export const useContentPosts = (network: TContentNetwork | null, watching = false) =>
  useInfiniteQuery({
    queryKey: [...POSTS_KEY, { network }],
    queryFn: ({ pageParam }) =>
      callApi(CALLS.listContentPosts, {
        query: { ...(network ? { network } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: watching ? 3_000 : false,
  });

/** POST /analytics/content/posts/read: the figures read now; the server's words as a toast. */
export const useReadPostFigures = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(CALLS.readPostFigures, {}),
    onSuccess: (answer) => {
      toast(answer.posts > 0 ? 'success' : 'info', answer.message);
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
};
