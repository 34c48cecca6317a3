import { CALLS, type THistoryKind } from '@sales-assist/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { HISTORY_KEY } from './history-keys';

/** Everything generated, newest first, a page of 20 at a time ("Load more" asks for the next). */
export const useHistory = (filters: { kind: THistoryKind | null; q: string }) =>
  useInfiniteQuery({
    queryKey: [...HISTORY_KEY, filters],
    queryFn: ({ pageParam }) =>
      callApi(CALLS.getHistory, {
        query: {
          ...(filters.kind ? { kind: filters.kind } : {}),
          ...(filters.q ? { q: filters.q } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
