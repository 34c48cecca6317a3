import { CALLS, type TReadNoticesRequest } from '@sales-assist/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { useSession } from '../../../app/session/session-store';

export const NOTICES_KEY = ['notices'] as const;

/** New notices arrive from the publishing engine; a look once a minute is soon enough for a bell. */
export const NOTICES_POLL_MS = 60_000;

/**
 * GET /notices: newest first, a page at a time (older pages on demand), with how many are unread (the
 * newest answer's count). A failed look is silent and waits for the next one. A deactivated account does
 * not look at all: every look would be refused (403 `inactive`, which the API client turns into the
 * session's `isActive: false` and the activation pop-up), once a minute for as long as the tab is open.
 */
export const useNotices = () => {
  const active = useSession()?.isActive !== false;
  return useInfiniteQuery({
    queryKey: NOTICES_KEY,
    queryFn: ({ pageParam }) =>
      callApi(CALLS.getNotices, { query: { cursor: pageParam }, toastErrors: false }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: active,
    refetchInterval: NOTICES_POLL_MS,
    staleTime: 30_000,
    retry: false,
  });
};

/** POST /notices/read: these notices (or all of them, without ids) are read; the bell's count follows. */
export const useReadNotices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TReadNoticesRequest) =>
      callApi(CALLS.markNoticesRead, { body: request, toastErrors: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
};
