import type { StripeCore } from './core';
import { StripeRefusal } from './errors';
import { newInvoice, renderInvoice } from './invoices';
import { addPeriod } from './prices';
import type {
  InvoiceLine,
  InvoiceRecord,
  Metadata,
  PriceRecord,
  RequestRef,
  SubscriptionRecord,
} from './records';
import { chargeable, subscriptionChange } from './subscriptions';

export type PriceChange = {
  price: PriceRecord;
  quantity: number;
  prorationBehavior: 'create_prorations' | 'always_invoice' | 'none';
  resetAnchor: boolean;
  metadata?: Metadata;
  errorIfIncomplete: boolean;
};

/**
 * POST /v1/subscriptions/:id with items: the item moves to another price. The period restarts now when
 * the interval changes or `resetAnchor` is asked (billing_cycle_anchor=now); prorations credit the unused
 * time of the old price and charge the new one, invoiced at once (always_invoice, or any proration
 * behaviour when the period restarts). A refused charge: with `errorIfIncomplete` nothing changes and the
 * card error is thrown, else the invoice stays open and the subscription is past due.
 */
export const changeSubscriptionPrice = (
  core: StripeCore,
  subscriptionId: string,
  change: PriceChange,
  request?: RequestRef,
): SubscriptionRecord => {
  const subscription = core.need(core.state.subscriptions, 'subscription', subscriptionId);
  const old = core.need(core.state.prices, 'price', subscription.priceId);
  const next = change.price;
  const now = core.unix();
  // Stripe restarts the period when the interval changes, or when billing_cycle_anchor=now asks.
  const restart =
    change.resetAnchor || old.interval !== next.interval || old.intervalCount !== next.intervalCount;
  if (!restart && change.prorationBehavior === 'create_prorations')
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'The platform sandbox invoices prorations at once only: use proration_behavior=always_invoice or none (or billing_cycle_anchor=now).',
      'parameter_unknown',
      'proration_behavior',
    );
  const day = (unixTime: number) =>
    new Date(unixTime * 1000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const money = (price: PriceRecord) =>
    `${(price.unitAmount / 100).toFixed(2)} ${price.currency.toUpperCase()}${price.interval ? ` / ${price.interval}` : ''}`;
  const left = Math.max(0, subscription.currentPeriodEnd - now);
  const length = Math.max(1, subscription.currentPeriodEnd - subscription.currentPeriodStart);
  const prorate = change.prorationBehavior !== 'none' && left > 0;
  const lines: InvoiceLine[] = [];
  if (prorate)
    lines.push({
      id: core.newId('il_'),
      amount: -Math.round((old.unitAmount * subscription.quantity * left) / length),
      priceId: old.id,
      quantity: subscription.quantity,
      periodStart: now,
      periodEnd: subscription.currentPeriodEnd,
      proration: true,
      description: `Unused time on ${old.productName} after ${day(now)}`,
    });
  const periodEnd = restart
    ? addPeriod(now, next.interval ?? 'month', next.intervalCount)
    : subscription.currentPeriodEnd;
  if (restart)
    lines.push({
      id: core.newId('il_'),
      amount: next.unitAmount * change.quantity,
      priceId: next.id,
      quantity: change.quantity,
      periodStart: now,
      periodEnd,
      proration: false,
      description: `${change.quantity} × ${next.productName} (at ${money(next)})`,
    });
  else if (prorate)
    lines.push({
      id: core.newId('il_'),
      amount: Math.round((next.unitAmount * change.quantity * left) / length),
      priceId: next.id,
      quantity: change.quantity,
      periodStart: now,
      periodEnd,
      proration: true,
      description: `Remaining time on ${next.productName} after ${day(now)}`,
    });
  const invoiceNow = lines.length > 0 && (restart || change.prorationBehavior === 'always_invoice');
  const customer = core.state.customers.get(subscription.customerId);
  const due = lines.reduce((sum, line) => sum + line.amount, 0) + (customer?.balance ?? 0);
  const payable = chargeable(core, { ...subscription, failNextRenewal: false });
  if (invoiceNow && due > 0 && !payable && change.errorIfIncomplete)
    throw new StripeRefusal(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, {
      decline_code: 'generic_decline',
    });
  core.state.prices.set(next.id, next);
  let invoice: InvoiceRecord | undefined;
  subscriptionChange(
    core,
    subscription,
    () => {
      subscription.priceId = next.id;
      subscription.quantity = change.quantity;
      if (change.metadata) subscription.metadata = change.metadata;
      if (restart) {
        subscription.currentPeriodStart = now;
        subscription.currentPeriodEnd = periodEnd;
        subscription.billingCycleAnchor = now;
        if (subscription.cancelAtPeriodEnd) subscription.cancelAt = periodEnd;
      }
      if (invoiceNow) {
        invoice = newInvoice(core, subscription, 'subscription_update', payable, lines);
        subscription.latestInvoiceId = invoice.id;
        if (invoice.status !== 'paid') subscription.status = 'past_due';
      }
    },
    request,
  );
  if (invoice)
    core.emit(
      invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      renderInvoice(core, invoice),
      undefined,
      request,
    );
  return subscription;
};
