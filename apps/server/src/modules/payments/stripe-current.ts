import { PAYMENT_MESSAGES } from '@sales-assist/contract';
import type Stripe from 'stripe';
import { AppError } from '../../http/errors';
import { isStripeError } from '../../lib/clients/payments/stripe-sdk';

/**
 * An event only says that something happened: what the app acts on is the object as Stripe holds it now,
 * read with the pinned API version. That makes the payload's API version irrelevant (an endpoint made in
 * the Dashboard sends the account's default version, whose shapes differ), and delivery order too (every
 * event, whenever it comes, writes the newest state). Stripe recommends exactly this for ordering.
 */
export type Current<T> = { object: T; readAt: Date };

/**
 * Reads Stripe's current object for an event, outside any transaction. `null`: Stripe has no such
 * object in this account (nothing to act on). Stripe out of reach or failing: 503, so the delivery fails,
 * the event is not recorded as handled, and Stripe sends it again later.
 */
export const readCurrent = async <T>(read: () => Promise<T>): Promise<Current<T> | null> => {
  try {
    const object = await read();
    // Taken after the answer: a write from an earlier read never overwrites one from a later read.
    return { object, readAt: new Date() };
  } catch (error) {
    if (!isStripeError(error)) throw error;
    if (error.code === 'resource_missing') return null;
    throw new AppError(503, 'payment_provider_error', PAYMENT_MESSAGES.providerUnavailable);
  }
};

/** The id of an event's object, the same in every API version. */
export const eventObjectId = (event: Stripe.Event): string | null => {
  const id = (event.data.object as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 ? id : null;
};
