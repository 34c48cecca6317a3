import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { checkoutKey } from './payments-keys';

/** GET /api/checkout/{id}: what the embedded Checkout needs, or 404 for a session that is not the caller's. */
export const useCheckoutSession = (id: string) =>
  useQuery({
    queryKey: checkoutKey(id),
    queryFn: () => callApi(CALLS.getCheckout, { params: { id: encodeURIComponent(id) }, toastErrors: false }),
    staleTime: 0,
    // Stripe.js is mounted once with this answer: refetching it would not change the mounted page.
    refetchOnWindowFocus: false,
  });
