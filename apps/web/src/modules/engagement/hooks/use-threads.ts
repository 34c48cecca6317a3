import { CALLS, type TThreadsQuery } from '@sales-assist/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { threadKey, threadsKey } from './engagement-keys';

/** New replies arrive through the engine and the refresh job: the open inbox looks again every 30 s. */
export const INBOX_POLL_MS = 30_000;

/** GET /engagement/threads: newest first, a page at a time, with the filters as given. */
export const useThreads = (filters: TThreadsQuery) =>
  useInfiniteQuery({
    queryKey: threadsKey(filters),
    queryFn: ({ pageParam }) => callApi(CALLS.getThreads, { query: { ...filters, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_POLL_MS,
  });

/** GET /engagement/threads/:id: the open thread with its messages and the lead's sequence. */
export const useThread = (id: number | null) =>
  useQuery({
    queryKey: threadKey(id ?? 0),
    queryFn: () => callApi(CALLS.getThread, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: INBOX_POLL_MS,
  });
