import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkoutSessions, creditLedger } from '../../db/schema';
import { syncTier, upsertSubscription } from './fulfil-subscription';
import { type EventHandler, eventTimeOf } from './fulfilment';
import { idOf } from './stripe-objects';

export const CREDIT_PURCHASE_REASON = 'credit_purchase';

/**
 * checkout.session.completed. A credit pack paid for: its credits enter the ledger (reference: the
 * session, so it pays once whatever happens) and the row is fulfilled. A plan: the subscription Checkout
 * made is read from Stripe and written (its credits come with its invoice, fulfil-invoice.ts), and the
 * row is fulfilled. Sessions the app did not open are not ours to fulfil. A pack paid by a delayed method
 * completes unpaid and is fulfilled by checkout.session.async_payment_succeeded, which comes here too.
 */
export const checkoutCompleted: EventHandler<Stripe.Subscription | null> = {
  prepare: async (deps, event) => {
    const session = event.data.object as Stripe.Checkout.Session;
    const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null;
    return subscriptionId ? deps.payments.stripe.subscriptions.retrieve(subscriptionId) : null;
  },
  apply: async (tx, deps, event, subscription) => {
    const session = event.data.object as Stripe.Checkout.Session;
    const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    if (!row) return [];
    const now = deps.clock.now();
    if (row.kind === 'credits') {
      // An asynchronous payment method (a bank debit) completes the session before the money arrives.
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      if (paid && row.credits > 0) {
        await tx
          .insert(creditLedger)
          .values({
            userId: row.userId,
            amount: row.credits,
            reason: CREDIT_PURCHASE_REASON,
            reference: session.id,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
      await tx
        .update(checkoutSessions)
        .set({ status: 'complete', ...(paid ? { fulfilledAt: now } : {}) })
        .where(eq(checkoutSessions.id, row.id));
      return [];
    }
    if (subscription) {
      const userId = await upsertSubscription(tx, subscription, eventTimeOf(event));
      if (userId) await syncTier(tx, userId);
    }
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete', fulfilledAt: now })
      .where(eq(checkoutSessions.id, row.id));
    return [];
  },
};

/** checkout.session.expired: the session can no longer be paid. */
export const checkoutExpired: EventHandler = {
  apply: async (tx, _deps, event) => {
    const session = event.data.object as Stripe.Checkout.Session;
    await tx
      .update(checkoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
    return [];
  },
};
