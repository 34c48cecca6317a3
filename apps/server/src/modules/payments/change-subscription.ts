import {
  PAYMENT_MESSAGES,
  type TChangeSubscriptionRequest,
  type TChangeSubscriptionResponse,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { plans } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { stripeCall } from '../../lib/clients/payments/stripe-call';
import { isStripeCardError } from '../../lib/clients/payments/stripe-sdk';
import { holdingSubscriptionOf, isFree, priceOf } from './plan-catalogue';
import { idOf } from './stripe-objects';

type Deps = Pick<AppDeps, 'db' | 'payments'>;

/**
 * POST /api/subscription/change: switches the account's subscription to another paid plan or interval in
 * place (the app prices inline, so neither Stripe's portal nor a second Checkout can). The item keeps its
 * product and gets the new price inline; the difference is invoiced and charged at once (always_invoice:
 * the unused time of the old price back, the new price on); a change of interval restarts the period now,
 * as Stripe does. A declined card refuses the switch (error_if_incomplete) rather than leaving the account
 * past due for a change it asked for. Nothing is written here: the subscription row, tier and credits
 * follow the customer.subscription.updated and invoice.paid webhooks (fulfil-subscription.ts,
 * fulfil-invoice.ts), as for every other change.
 */
export const changeSubscription = async (
  deps: Deps,
  userId: string,
  request: TChangeSubscriptionRequest,
): Promise<TChangeSubscriptionResponse> => {
  const holding = await holdingSubscriptionOf(deps.db, userId);
  if (!holding) throw conflict(PAYMENT_MESSAGES.noSubscriptionToChange);
  const [plan] = await deps.db
    .select()
    .from(plans)
    .where(and(eq(plans.id, request.plan_id), eq(plans.active, true)));
  if (!plan) throw notFound(PAYMENT_MESSAGES.planNotFound);
  // Down to the free plan is a cancellation at the period's end, which the portal does (and undoes).
  if (isFree(plan) || priceOf(plan, request.interval) <= 0)
    throw new AppError(400, 'free_plan', PAYMENT_MESSAGES.changeToFreePlan);
  if (holding.planId === plan.id && holding.interval === request.interval)
    throw conflict(PAYMENT_MESSAGES.samePlanAndInterval);

  const stripe = await deps.payments.stripe();
  const current = await stripeCall(() => stripe.subscriptions.retrieve(holding.stripeSubscriptionId));
  const item = current.items.data[0];
  const product = idOf(item?.price.product as string | { id: string } | null | undefined);
  if (!item || !product)
    throw new AppError(502, 'payment_provider_error', PAYMENT_MESSAGES.providerUnavailable);
  const amount = priceOf(plan, request.interval);
  // Our row may lag behind Stripe (a switch whose webhooks are on their way): Stripe's price decides.
  if (
    item.price.recurring?.interval === request.interval &&
    item.price.unit_amount === amount &&
    current.metadata?.plan_id === plan.id
  )
    throw conflict(PAYMENT_MESSAGES.samePlanAndInterval);
  const intervalChanges = item.price.recurring?.interval !== request.interval;
  let updated: Stripe.Subscription;
  try {
    updated = await stripe.subscriptions.update(
      current.id,
      {
        items: [
          {
            id: item.id,
            price_data: {
              currency: plan.currency,
              unit_amount: amount,
              product,
              recurring: { interval: request.interval },
            },
          },
        ],
        metadata: { user_id: userId, kind: 'plan', plan_id: plan.id, interval: request.interval },
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        // dahlia's string form (the SDK's types are endive's, where it became { type: 'now' }). Stripe
        // restarts the period on a change of interval anyway; saying so keeps the intent explicit.
        ...(intervalChanges ? { billing_cycle_anchor: 'now' as never } : {}),
        expand: ['latest_invoice'],
      },
      {
        // From this price to that one: a double click makes one switch and one charge, while switching
        // back and forth makes a new key each time (the item's price changes with every switch).
        idempotencyKey: `change-${current.id}-${item.price.id}-${plan.id}-${request.interval}-${amount}`,
      },
    );
  } catch (error) {
    if (isStripeCardError(error)) throw new AppError(402, 'card_declined', PAYMENT_MESSAGES.changeDeclined);
    return stripeCall(() => Promise.reject(error));
  }
  const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
  const charged = invoice && invoice.id !== idOf(current.latest_invoice) ? invoice.amount_paid : 0;
  return {
    plan_id: plan.id,
    interval: request.interval,
    amount_charged_cents: charged,
    currency: plan.currency,
  };
};
