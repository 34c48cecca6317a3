import { ZCheckoutSessionResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { checkoutKey } from './payments-keys';

/** GET /api/checkout/{id}: what the embedded Checkout needs, or 404 for a session that is not the caller's. */
export const useCheckoutSession = (id: string) =>
  useQuery({
    queryKey: checkoutKey(id),
    queryFn: () =>
      api(`/checkout/${encodeURIComponent(id)}`, { schema: ZCheckoutSessionResponse, toastErrors: false }),
    staleTime: 0,
    // Stripe.js is mounted once with this answer: refetching it would not change the mounted page.
    refetchOnWindowFocus: false,
  });
