import { PAYMENT_MESSAGES } from '@sales-assist/contract';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { type EventOutcome, handleStripeEvent } from './handle-stripe-event';

/** Stripe's default tolerance: a signature older than this is a replay, whatever it signs. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * POST /api/stripe/webhook: the signature is checked on the exact bytes received (a re-serialised JSON
 * body would not match), then the event is fulfilled once. Anything unsigned, signed with another
 * secret, altered or too old is refused with 400 before it is even parsed.
 */
export const receiveWebhook = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'payments'>,
  rawBody: unknown,
  signature: string | string[] | undefined,
  log: { warn: (obj: object, msg: string) => void },
): Promise<{ received: true; outcome: EventOutcome }> => {
  const header = Array.isArray(signature) ? signature[0] : signature;
  if (!Buffer.isBuffer(rawBody) || !header)
    throw new AppError(400, 'bad_signature', PAYMENT_MESSAGES.badSignature);
  // Outside the try: an SDK that fails to load is no bad signature.
  const stripe = await deps.payments.stripe();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      header,
      deps.payments.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch {
    throw new AppError(400, 'bad_signature', PAYMENT_MESSAGES.badSignature);
  }
  return { received: true, outcome: await handleStripeEvent(deps, event, log) };
};
