import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { PRICING_KEY } from './payments-keys';

/**
 * GET /api/pricing: the plans at both intervals, the credit packs and the caller's plan, balance and
 * subscription. Always asked afresh (spec §3: pricing is not persisted client state; a payment changes it).
 */
export const usePricing = () =>
  useQuery({
    queryKey: PRICING_KEY,
    queryFn: () => callApi(CALLS.getPricing, { toastErrors: false }),
    staleTime: 0,
  });
