import Stripe from 'stripe';
import type { PlatformSandbox } from '../..';

/** For tests: the official SDK pointed at a sandbox, as the app's server points it (host, port, http). */
export const STRIPE_API_VERSION = '2026-03-25.dahlia';

export const sdkFor = (
  sandbox: Pick<PlatformSandbox, 'url' | 'platforms'>,
  key = sandbox.platforms.stripe.app().secretKey,
) => {
  const { hostname, port } = new URL(sandbox.url);
  return new Stripe(key, {
    apiVersion: STRIPE_API_VERSION as never,
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
};

/**
 * A Premium plan Checkout as the app's server asks for one ($49 a month or $470 a year), so each
 * test spells out only the fields it looks at.
 */
export const premiumCheckout = (
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
  interval: 'month' | 'year' = 'month',
) =>
  ({
    mode: 'subscription',
    ui_mode: 'embedded_page',
    line_items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: interval === 'month' ? 4900 : 47000,
          product_data: { name: 'Premium' },
          recurring: { interval },
        },
        quantity: 1,
      },
    ],
    customer_email: 'ada@example.com',
    return_url: 'http://app.test/payment/success/{CHECKOUT_SESSION_ID}',
    ...overrides,
  }) as Stripe.Checkout.SessionCreateParams;
