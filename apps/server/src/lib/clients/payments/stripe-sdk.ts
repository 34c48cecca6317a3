import type Stripe from 'stripe';
import { loadOnce } from '../../core/load-once';

type StripeClass = typeof Stripe;

/** The SDK once it has loaded: an error can only be one of its classes after that. */
let loaded: StripeClass | null = null;

/**
 * Stripe's SDK, loaded at the first payment call (a checkout, a webhook, the billing portal), never by a
 * start: it costs ~0.15 s of CPU to load (lib/core/load-once.ts), and the sandbox's webhook endpoint is
 * registered at start without it (register-sandbox-webhook.ts).
 */
export const loadStripeSdk = loadOnce(async (): Promise<StripeClass> => {
  loaded = (await import('stripe')).default;
  return loaded;
});

/** An error the SDK threw (Stripe refused, failed or could not be reached); false before it has loaded. */
export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  loaded !== null && error instanceof loaded.errors.StripeError;

/** A card Stripe declined (an error of a payment the SDK made). */
export const isStripeCardError = (error: unknown): error is Stripe.errors.StripeCardError =>
  loaded !== null && error instanceof loaded.errors.StripeCardError;
