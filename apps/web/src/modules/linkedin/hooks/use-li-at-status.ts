import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

export const LI_AT_STATUS_KEY = ['linkedin', 'li_at_expired'] as const;

/** Spec §9: the LinkedIn cookie-expiry check runs every 60 seconds. */
export const LI_AT_CHECK_INTERVAL_MS = 60_000;

/**
 * The stored LinkedIn session: expired, connected, sandbox and member name. With `poll` it is asked
 * again every 60 s (only the Outreach layout polls; other readers share its answer).
 */
export const useLiAtStatus = ({ poll = false }: { poll?: boolean } = {}) =>
  useQuery({
    queryKey: LI_AT_STATUS_KEY,
    // A background check must not toast every minute when the server is briefly away.
    queryFn: () => callApi(CALLS.liAtExpired, { toastErrors: false }),
    refetchInterval: poll ? LI_AT_CHECK_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    staleTime: poll ? 0 : 30_000,
  });
