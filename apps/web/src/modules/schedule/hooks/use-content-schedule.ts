import { CALLS, type TScheduleItem } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { SCHEDULE_KEY } from './schedule-keys';

export const contentScheduleKey = (contentId: number) => [...SCHEDULE_KEY, 'content', contentId] as const;

const EMPTY: TScheduleItem[] = [];

/** While one of its posts waits or is being published, the badge looks again every minute. */
const WATCH_MS = 60_000;

/**
 * GET /schedule?content_id=: where one content item goes (one item per account), at any date, for the
 * badge on its card. A failure to read them shows no badge: the card itself still works.
 */
export const useContentSchedule = (contentId: number): TScheduleItem[] => {
  const list = useQuery({
    queryKey: contentScheduleKey(contentId),
    queryFn: () => callApi(CALLS.getScheduledPosts, { query: { content_id: contentId }, toastErrors: false }),
    staleTime: 30_000,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.status === 'scheduled' || item.status === 'publishing')
        ? WATCH_MS
        : false,
  });
  return list.data?.data ?? EMPTY;
};
