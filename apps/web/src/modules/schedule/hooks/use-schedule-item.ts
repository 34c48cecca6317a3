import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { IN_MOTION_POLL_MS, isInMotion, QUIET_POLL_MS } from './in-motion';
import { scheduleItemKey } from './schedule-keys';

/** GET /schedule/{id}: the item with its content's text and every publishing attempt (the drawer). */
export const useScheduleItem = (id: number | null) =>
  useQuery({
    queryKey: scheduleItemKey(id ?? 0),
    queryFn: () => callApi(CALLS.getScheduledPost, { params: { id }, toastErrors: false }),
    enabled: id !== null,
    staleTime: 0,
    // Retried, or due now: its attempts and outcome arrive within seconds, so the drawer follows them.
    refetchInterval: (query) => {
      const item = query.state.data?.data;
      return item && isInMotion(item) ? IN_MOTION_POLL_MS : QUIET_POLL_MS;
    },
  });
