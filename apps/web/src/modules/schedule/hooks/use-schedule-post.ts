import { CALLS, type TScheduleRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { SCHEDULE_KEY } from './schedule-keys';

/**
 * POST /schedule: the content to each chosen account at one local date and time. The dialog shows a
 * refusal itself (toastErrors off); on success every schedule query (calendar, cards' badges) reloads.
 */
export const useSchedulePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TScheduleRequest) =>
      callApi(CALLS.schedulePost, { body: request, toastErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  });
};
