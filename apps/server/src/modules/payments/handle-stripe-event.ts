import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { stripeEvents } from '../../db/schema';
import { checkoutCompleted, checkoutExpired } from './fulfil-checkout';
import { invoicePaid, invoicePaymentFailed } from './fulfil-invoice';
import { subscriptionChanged } from './fulfil-subscription';
import { type EventHandler, eventTimeOf } from './fulfilment';

// Each handler's prepared value goes only to its own apply, so the table forgets its type.
const forget = <P>(handler: EventHandler<P>) => handler as EventHandler<unknown>;
const HANDLERS: Record<string, EventHandler<unknown> | undefined> = {
  'checkout.session.completed': forget(checkoutCompleted),
  // A delayed payment method (a bank debit) completes the session unpaid; this says the money arrived.
  'checkout.session.async_payment_succeeded': forget(checkoutCompleted),
  'checkout.session.expired': checkoutExpired,
  'customer.subscription.created': forget(subscriptionChanged),
  'customer.subscription.updated': forget(subscriptionChanged),
  'customer.subscription.deleted': forget(subscriptionChanged),
  'invoice.paid': forget(invoicePaid),
  'invoice.payment_failed': forget(invoicePaymentFailed),
};

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Handles one verified event, once. Its id goes into stripe_events first, in the same transaction as
 * every effect: a replayed or duplicated event conflicts on the key and changes nothing, and two
 * deliveries of one event at once are serialised by that key (the second waits for the first to commit,
 * then finds it). An event of a type fulfilment does not use is answered and forgotten. The objects are
 * read from Stripe first (stripe-current.ts): when Stripe cannot be read, or anything fails, nothing is
 * recorded and the delivery fails, so Stripe sends the event again; an event is never marked handled
 * without its effects.
 */
export const handleStripeEvent = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'payments'>,
  event: Stripe.Event,
  log: Log,
): Promise<EventOutcome> => {
  const handler = HANDLERS[event.type];
  if (!handler) return 'ignored';
  // A retry of an event already handled needs no read from Stripe (the insert below still decides).
  const [seen] = await deps.db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  if (seen) return 'duplicate';
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
