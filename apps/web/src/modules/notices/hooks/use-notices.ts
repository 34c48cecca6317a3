import { type TReadNoticesRequest, ZNoticesResponse, ZReadNoticesResponse } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

export const NOTICES_KEY = ['notices'] as const;

/** New notices arrive from the publishing engine; a look once a minute is soon enough for a bell. */
export const NOTICES_POLL_MS = 60_000;

/**
 * GET /notices: the latest notices (the first page: the bell shows the recent ones) and how many are
 * unread. A failed look waits for the next one.
 */
export const useNotices = () =>
  useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => api('/notices', { schema: ZNoticesResponse, toastErrors: false }),
    refetchInterval: NOTICES_POLL_MS,
    staleTime: 30_000,
    retry: false,
  });

/** POST /notices/read: these notices (or all of them, without ids) are read; the bell's count follows. */
export const useReadNotices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TReadNoticesRequest) =>
      api('/notices/read', {
        method: 'POST',
        body: request,
        schema: ZReadNoticesResponse,
        toastErrors: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
};
