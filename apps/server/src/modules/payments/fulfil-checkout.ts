import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkoutSessions, creditLedger } from '../../db/schema';
import { applySubscription, currentSubscription } from './fulfil-subscription';
import type { EventHandler } from './fulfilment';
import type { Current } from './stripe-current';
import { idOf } from './stripe-objects';

export const CREDIT_PURCHASE_REASON = 'credit_purchase';

/**
 * checkout.session.completed. A credit pack paid for: its credits enter the ledger (reference: the
 * session, so it pays once whatever happens) and the row is fulfilled. A plan: the subscription Checkout
 * made is read from Stripe as it is now and written (its credits come with its invoice, fulfil-invoice.ts),
 * and the row is fulfilled. Sessions the app did not open are not ours to fulfil. A pack paid by a delayed
 * method completes unpaid and is fulfilled by checkout.session.async_payment_succeeded, which comes here
 * too. The session's fields read here (id, mode, payment_status, subscription) have not moved between API
 * versions, and a completed session's payment only moves from unpaid to paid, so its payload is used.
 */
export const checkoutCompleted: EventHandler<Current<Stripe.Subscription> | null> = {
  prepare: (deps, event) => {
    const session = event.data.object as Stripe.Checkout.Session;
    return currentSubscription(deps, session.mode === 'subscription' ? idOf(session.subscription) : null);
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
    await applySubscription(tx, subscription);
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
