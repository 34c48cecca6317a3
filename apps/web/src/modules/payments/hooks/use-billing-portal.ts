import { CALLS } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { pageExit } from '../lib/leave-page';

/**
 * POST /api/billing-portal: Stripe's customer portal (cancel, change card) is a page of its
 * own, so the browser goes there; the portal sends the person back to the plan page.
 */
export const useBillingPortal = () =>
  useMutation({
    mutationFn: () => callApi(CALLS.openBillingPortal, {}),
    onSuccess: ({ url }) => pageExit.to(url),
  });
