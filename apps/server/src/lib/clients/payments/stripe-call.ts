import { PAYMENT_MESSAGES } from '@sales-assist/contract';
import { AppError, notFound } from '../../core/app-error';
import { isStripeError } from './stripe-sdk';

/**
 * A call to Stripe from a request the user made: Stripe down, slow or refusing our call is a 502 with a
 * message saying to try again (never a 500), and an object Stripe does not know is the 404 `missing`.
 */
export const stripeCall = async <T>(call: () => Promise<T>, missing?: string): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    if (missing && error.code === 'resource_missing') throw notFound(missing);
    throw new AppError(502, 'payment_provider_error', PAYMENT_MESSAGES.providerUnavailable);
  }
};
