import { ZBillingPortalResponse } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { pageExit } from '../lib/leave-page';

/**
 * POST /api/billing-portal: Stripe's customer portal (cancel, change card) is a page of its
 * own, so the browser goes there; the portal sends the person back to the plan page.
 */
export const useBillingPortal = () =>
  useMutation({
    mutationFn: () => api('/billing-portal', { method: 'POST', schema: ZBillingPortalResponse }),
    onSuccess: ({ url }) => pageExit.to(url),
  });
