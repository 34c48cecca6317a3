import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { IN_MOTION_POLL_MS, isInMotion, QUIET_POLL_MS } from './in-motion';
import { scheduleRangeKey } from './schedule-keys';

export type TVisibleRange = { from: string; to: string };

/**
 * GET /schedule?from&to: only the items of the range the calendar shows (ISO instants).
 * The previous range stays on screen while the next one loads, so paging does not blank the grid.
 */
export const useScheduleRange = (range: TVisibleRange | null) =>
  useQuery({
    queryKey: scheduleRangeKey(range?.from ?? '', range?.to ?? ''),
    queryFn: () =>
      callApi(CALLS.getScheduledPosts, { query: { from: range?.from, to: range?.to }, toastErrors: false }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    // A post publishes on its own minute: look again while the calendar is open, often while one is due.
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => isInMotion(item)) ? IN_MOTION_POLL_MS : QUIET_POLL_MS,
  });
