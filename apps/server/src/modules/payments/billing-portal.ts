import { PAYMENT_MESSAGES, type TBillingPortalResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { stripeCall } from '../../lib/clients/payments/stripe-call';
import { customerIdOf } from './billing-customer';
import { forgetPortalConfiguration, portalConfigurationOf } from './portal-configuration';

/**
 * POST /api/billing-portal: a single-use link to Stripe's customer portal, where the account cancels or
 * changes its card (switching plan or interval: change-subscription.ts); whatever it does there comes back
 * as webhooks. Back to the Plan screen. A customer deleted in Stripe has no portal: 404, as without one
 * (the next checkout makes a new customer: billing-customer.ts).
 */
export const billingPortalOf = async (
  deps: Pick<AppDeps, 'db' | 'config' | 'payments'>,
  userId: string,
): Promise<TBillingPortalResponse> => {
  const customer = await customerIdOf(deps.db, userId);
  if (!customer) throw notFound(PAYMENT_MESSAGES.noCustomer);
  const stripe = await deps.payments.stripe();
  const session = await stripeCall(async () => {
    const configuration = await portalConfigurationOf(stripe, deps.config.appOrigin);
    try {
      return await stripe.billingPortal.sessions.create({
        customer,
        return_url: `${deps.config.appOrigin}/plan`,
        ...(configuration ? { configuration } : {}),
      });
    } catch (error) {
      forgetPortalConfiguration(stripe);
      throw error;
    }
  }, PAYMENT_MESSAGES.noCustomer);
  return { url: session.url };
};
