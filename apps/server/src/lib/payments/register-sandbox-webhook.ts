import type Stripe from 'stripe';
import { type Payments, STRIPE_API_VERSION } from './create-payments';

/** Where Stripe (or the sandbox) delivers events: the app's own origin. */
export const webhookUrlOf = (appOrigin: string): string =>
  `${appOrigin.replace(/\/+$/, '')}/api/stripe/webhook`;

/** The events fulfilment handles (modules/payments/handle-stripe-event.ts). */
export const WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * In sandbox mode the app registers its own webhook endpoint at start, as one does once in Stripe's
 * dashboard for real Stripe; the sandbox keeps one endpoint per URL, so every start (and every process)
 * registering it again changes nothing. It asks for the pinned API version, as an endpoint made through
 * the API can (one made in the Dashboard sends the account's default version; fulfilment reads every
 * object from Stripe anyway: modules/payments/stripe-current.ts). Real Stripe: the endpoint is the
 * operator's to create, and its signing secret is STRIPE_WEBHOOK_SECRET.
 */
export const registerSandboxWebhook = async (payments: Payments, appOrigin: string): Promise<void> => {
  if (!payments.sandbox) return;
  await payments.stripe.webhookEndpoints.create({
    url: webhookUrlOf(appOrigin),
    enabled_events: [...WEBHOOK_EVENTS],
    description: 'Sales Assist fulfilment',
    api_version: STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
  });
};
