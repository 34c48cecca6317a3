import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { stripeEvents } from '../../db/schema';
import { checkoutCompleted, checkoutExpired } from './fulfil-checkout';
import { invoicePaid, invoicePaymentFailed } from './fulfil-invoice';
import { subscriptionChanged } from './fulfil-subscription';
import { type EventHandler, eventTimeOf } from './fulfilment';

// Each handler's prepared value goes only to its own apply, so the table forgets its type.
const HANDLERS: Record<string, EventHandler<unknown> | undefined> = {
  'checkout.session.completed': checkoutCompleted as EventHandler<unknown>,
  // A delayed payment method (a bank debit) completes the session unpaid; this says the money arrived.
  'checkout.session.async_payment_succeeded': checkoutCompleted as EventHandler<unknown>,
  'checkout.session.expired': checkoutExpired,
  'customer.subscription.created': subscriptionChanged,
  'customer.subscription.updated': subscriptionChanged,
  'customer.subscription.deleted': subscriptionChanged,
  'invoice.paid': invoicePaid,
  'invoice.payment_failed': invoicePaymentFailed,
};

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Handles one verified event, once. Its id goes into stripe_events first, in the same transaction as
 * every effect: a replayed or duplicated event conflicts on the key and changes nothing, and two
 * deliveries of one event at once are serialised by that key (the second waits for the first to commit,
 * then finds it). An event of a type fulfilment does not use is answered and forgotten.
 */
export const handleStripeEvent = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'payments'>,
  event: Stripe.Event,
  log: Log,
): Promise<EventOutcome> => {
  const handler = HANDLERS[event.type];
  if (!handler) return 'ignored';
  const prepared = await handler.prepare?.(deps, event);
  const afterCommit = await deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: eventTimeOf(event) })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return null;
    return handler.apply(tx, deps, event, prepared);
  });
  if (afterCommit === null) return 'duplicate';
  for (const effect of afterCommit) {
    // The event's effects are kept; a mail that cannot go is logged, not retried by Stripe.
    await effect().catch((error: unknown) =>
      log.warn({ eventId: event.id, err: (error as Error).message }, 'payment notice mail failed'),
    );
  }
  return 'handled';
};
