import { CALLS, SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { SCHEDULE_KEY } from './schedule-keys';

/** Any change shows in every range and in the drawer. */
const useRefreshSchedule = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY });
};

/**
 * PATCH /schedule/{id} {PostedOn}: a drag on the calendar. The caller reverts the drop when it fails;
 * the server's reason ("Pick a time in the future", "This post is already published") is the toast.
 */
export const useReschedule = () => {
  const refresh = useRefreshSchedule();
  return useMutation({
    mutationFn: ({ id, postedOn }: { id: number; postedOn: string }) =>
      callApi(CALLS.updateScheduledPost, {
        params: { id },
        body: { PostedOn: postedOn },
        toastErrors: false,
      }),
    onSuccess: () => toast('success', SCHEDULE_MESSAGES.rescheduled),
    onError: (error) => failureToast("Couldn't move this post", error),
    onSettled: refresh,
  });
};

/** DELETE /schedule/{id}: off the calendar (the content itself stays). */
export const useRemoveScheduled = () => {
  const refresh = useRefreshSchedule();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteScheduledPost, { params: { id }, toastErrors: false }),
    onSuccess: () => toast('success', SCHEDULE_MESSAGES.cancelled),
    onError: (error) => failureToast("Couldn't remove this post", error),
    onSettled: refresh,
  });
};

/** POST /schedule/{id}/retry: a failed or held post is published again now. */
export const useRetryScheduled = () => {
  const refresh = useRefreshSchedule();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.retryScheduledPost, { params: { id }, toastErrors: false }),
    onSuccess: () => toast('success', SCHEDULE_MESSAGES.retried),
    onError: (error) => failureToast("Couldn't retry this post", error),
    onSettled: refresh,
  });
};
