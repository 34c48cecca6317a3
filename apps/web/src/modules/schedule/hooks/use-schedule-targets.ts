import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

export const SCHEDULE_TARGETS_KEY = ['schedule', 'targets'] as const;

/**
 * GET /schedule/targets: the accounts content can go to, read when the dialog opens (an account
 * connected in another tab a moment ago shows up), so never kept stale.
 */
export const useScheduleTargets = (enabled: boolean) =>
  useQuery({
    queryKey: SCHEDULE_TARGETS_KEY,
    queryFn: () => callApi(CALLS.getScheduleTargets, { toastErrors: false }),
    enabled,
    staleTime: 0,
  });
