import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { creditLedger, plans, subscriptions, users } from '../../db/schema';
import { insertNotice, mailNotice, type NewNotice } from '../notices/notify';
import { userIdFor } from './fulfil-subscription';
import { type EventHandler, eventTimeOf } from './fulfilment';
import { creditsOf } from './plan-catalogue';
import {
  idOf,
  intervalOfPeriod,
  invoiceBuysPeriod,
  invoiceMetadataOf,
  invoicePeriodOf,
  invoiceSubscriptionIdOf,
} from './stripe-objects';

export const PLAN_CREDITS_REASON = 'plan_credits';

/**
 * invoice.paid for a subscription (its first payment, and every renewal): the plan's credits for the
 * period enter the ledger (reference: the invoice, so it pays once), and the subscription's period moves
 * on to the one paid for, which restarts the plan's counts (plan-allowance.ts).
 */
export const invoicePaid: EventHandler = {
  apply: async (tx, deps, event) => {
    const invoice = event.data.object as Stripe.Invoice;
    const subscriptionId = invoiceSubscriptionIdOf(invoice);
    if (!subscriptionId) return [];
    const metadata = invoiceMetadataOf(invoice);
    const [known] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    const userId = known?.userId ?? (await userIdFor(tx, metadata.user_id, idOf(invoice.customer)));
    const planId = known?.planId ?? metadata.plan_id;
    const period = invoicePeriodOf(invoice);
    // What this invoice paid for: a month or a year (the interval may have been switched since).
    const interval =
      (period ? intervalOfPeriod(period) : null) ??
      known?.interval ??
      (metadata.interval === 'year' || metadata.interval === 'month' ? metadata.interval : null);
    if (!userId || !planId || !interval) return [];
    const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
    // Only an invoice that bought a period adds its credits (not one of prorations only, nor one for nothing).
    const credits = plan && invoiceBuysPeriod(invoice) ? creditsOf(plan, interval) : 0;
    if (credits > 0) {
      await tx
        .insert(creditLedger)
        .values({
          userId,
          amount: credits,
          reason: PLAN_CREDITS_REASON,
          reference: invoice.id,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing();
    }
    if (known && period) {
      // Only forward: a late invoice of an earlier period leaves the current one. The row is then as of
      // this event, so a customer.subscription.updated older than it (sent before the renewal, delivered
      // after) cannot move the period back (fulfil-subscription.ts compares stripe_updated_at).
      const describedAt = eventTimeOf(event);
      await tx
        .update(subscriptions)
        .set({
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
          stripeUpdatedAt: sql`greatest(${subscriptions.stripeUpdatedAt}, ${describedAt.toISOString()}::timestamptz)`,
          updatedAt: new Date(),
        })
        .where(and(eq(subscriptions.id, known.id), lt(subscriptions.currentPeriodEnd, period.end)));
    }
    return [];
  },
};

export const PAYMENT_FAILED_NOTICE: NewNotice = {
  kind: 'payment_failed',
  title: 'Your card payment failed',
  body: 'We could not charge your card for your plan. Update your card in the billing portal (Plan → Manage subscription) to keep your plan and its limits.',
  link: '/plan',
};

/**
 * invoice.payment_failed: the subscription is past due (the plan holds while Stripe retries the card),
 * and the account is told in the app and by e-mail to update its card in the portal. The e-mail goes
 * after the event's transaction commits, so a rolled-back or duplicated event sends none.
 */
export const invoicePaymentFailed: EventHandler = {
  apply: async (tx, deps, event) => {
    const invoice = event.data.object as Stripe.Invoice;
    const subscriptionId = invoiceSubscriptionIdOf(invoice);
    if (!subscriptionId) return [];
    const [known] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    const userId =
      known?.userId ?? (await userIdFor(tx, invoiceMetadataOf(invoice).user_id, idOf(invoice.customer)));
    if (!userId) return [];
    if (known) {
      await tx
        .update(subscriptions)
        .set({ status: 'past_due', updatedAt: new Date() })
        .where(and(eq(subscriptions.id, known.id), inArray(subscriptions.status, ['active', 'trialing'])));
    }
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return [];
    await insertNotice(tx, userId, PAYMENT_FAILED_NOTICE, deps.clock.now());
    return [() => mailNotice(deps, user, PAYMENT_FAILED_NOTICE)];
  },
};
