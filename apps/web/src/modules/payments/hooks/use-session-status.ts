import { CALLS, type TSessionStatusResponse } from '@sales-assist/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { sessionStatusKey } from './payments-keys';

/** How often and how long the screen asks again while the webhook has not added the purchase yet. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_POLL_ATTEMPTS = 20;

/** Paid (or nothing to pay) and complete, but the webhook has not fulfilled it yet. */
export const isAwaitingFulfilment = (status: TSessionStatusResponse): boolean =>
  status.status === 'complete' && status.payment_status !== 'unpaid' && !status.fulfilled;

/**
 * GET /api/session-status?session_id= (spec §7) for the success screen. Stripe sends the buyer back as
 * soon as the payment went through; the purchase is added by the webhook, which may come a moment later,
 * so a paid session not yet fulfilled is asked again every 1.5 s for about 30 s.
 */
export const useSessionStatus = (sessionId: string) => {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionStatusKey(sessionId),
    queryFn: () => callApi(CALLS.getSessionStatus, { query: { session_id: sessionId }, toastErrors: false }),
    staleTime: 0,
    refetchInterval: (current) => {
      const status = current.state.data;
      if (!status || !isAwaitingFulfilment(status)) return false;
      return current.state.dataUpdateCount < CONFIRM_POLL_ATTEMPTS ? CONFIRM_POLL_MS : false;
    },
  });
  const answers = queryClient.getQueryState(sessionStatusKey(sessionId))?.dataUpdateCount ?? 0;
  /** Still not fulfilled after the last scheduled try: the screen offers to check again by hand. */
  const gaveUp =
    Boolean(query.data && isAwaitingFulfilment(query.data)) &&
    answers >= CONFIRM_POLL_ATTEMPTS &&
    !query.isFetching;
  return { ...query, gaveUp };
};
