import type { StripeCore } from './core';
import { StripeRefusal } from './errors';
import { newInvoice, renderInvoice } from './invoices';
import { addPeriod, renderPrice } from './prices';
import type { InvoiceRecord, Metadata, RequestRef, SubscriptionRecord } from './records';

/**
 * Subscriptions: rendered with their one item, changed with the event Stripe sends for each change,
 * renewed at period end (an invoice paid, or failed and past due), cancelled at period end or at once.
 * A change of price is subscription-price-change.ts; the first period is made by Checkout
 * (checkout-payment.ts).
 */

export const renderSubscription = (core: StripeCore, s: SubscriptionRecord): Record<string, unknown> => {
  const price = core.need(core.state.prices, 'price', s.priceId);
  const renderedPrice = renderPrice(price);
  return {
    id: s.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: s.billingCycleAnchor ?? s.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: s.cancelAt,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt,
    cancellation_details: {
      comment: s.cancellationComment ?? null,
      feedback: s.cancellationFeedback ?? null,
      reason: s.cancellationReason,
    },
    collection_method: 'charge_automatically',
    created: s.created,
    currency: price.currency,
    customer: s.customerId,
    customer_account: null,
    days_until_due: null,
    default_payment_method: s.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: s.endedAt,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [
        {
          id: s.itemId,
          object: 'subscription_item',
          billing_thresholds: null,
          created: s.created,
          current_period_end: s.currentPeriodEnd,
          current_period_start: s.currentPeriodStart,
          discounts: [],
          metadata: {},
          plan: {
            id: price.id,
            object: 'plan',
            active: false,
            amount: price.unitAmount,
            amount_decimal: String(price.unitAmount),
            billing_scheme: 'per_unit',
            created: price.created,
            currency: price.currency,
            interval: price.interval,
            interval_count: price.intervalCount,
            livemode: false,
            metadata: {},
            meter: null,
            nickname: null,
            product: price.productId,
            tiers_mode: null,
            transform_usage: null,
            trial_period_days: null,
            usage_type: 'licensed',
          },
          price: renderedPrice,
          quantity: s.quantity,
          subscription: s.id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${s.id}`,
    },
    latest_invoice: s.latestInvoiceId,
    livemode: false,
    metadata: { ...s.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: s.created,
    status: s.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
};

/** Whether the subscription's card would pay its next charge. */
export const chargeable = (core: StripeCore, subscription: SubscriptionRecord): boolean => {
  if (subscription.failNextRenewal) return false;
  const method = subscription.defaultPaymentMethod
    ? core.state.paymentMethods.get(subscription.defaultPaymentMethod)
    : undefined;
  return method?.charges !== 'fail';
};
/** Makes `change`, then sends customer.subscription.updated with what it changed (none when nothing did). */
export const subscriptionChange = (
  core: StripeCore,
  subscription: SubscriptionRecord,
  change: () => void,
  request?: RequestRef,
): SubscriptionRecord => {
  const before = renderSubscription(core, subscription);
  change();
  const after = renderSubscription(core, subscription);
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(after[key])) previous[key] = value;
  }
  if (Object.keys(previous).length > 0) core.emit('customer.subscription.updated', after, previous, request);
  return subscription;
};
export const endSubscription = (
  core: StripeCore,
  subscription: SubscriptionRecord,
  reason: SubscriptionRecord['cancellationReason'],
  request?: RequestRef,
): SubscriptionRecord => {
  if (subscription.status === 'canceled') return subscription;
  const now = core.unix();
  subscription.status = 'canceled';
  subscription.canceledAt = subscription.canceledAt ?? now;
  subscription.endedAt = now;
  subscription.cancelAt = subscription.cancelAt ?? null;
  subscription.cancellationReason = subscription.cancellationReason ?? reason;
  core.emit('customer.subscription.deleted', renderSubscription(core, subscription), undefined, request);
  return subscription;
};

/** What POST /v1/subscriptions/:id and the portal's cancel and renew change. */
export type SubscriptionUpdate = {
  metadata?: Metadata;
  cancelAtPeriodEnd?: boolean;
  comment?: string | null;
  feedback?: string | null;
};

/** POST /v1/subscriptions/:id and the portal's cancel and renew. */
export const updateSubscription = (
  core: StripeCore,
  subscriptionId: string,
  changes: SubscriptionUpdate,
  request?: RequestRef,
): SubscriptionRecord => {
  const subscription = core.need(core.state.subscriptions, 'subscription', subscriptionId);
  if (subscription.status === 'canceled' && changes.cancelAtPeriodEnd !== undefined)
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
      undefined,
      'cancel_at_period_end',
    );
  // One update, one customer.subscription.updated (none when nothing changed), as Stripe sends.
  return subscriptionChange(
    core,
    subscription,
    () => {
      if (changes.metadata) subscription.metadata = changes.metadata;
      if (changes.comment !== undefined) subscription.cancellationComment = changes.comment;
      if (changes.feedback !== undefined) subscription.cancellationFeedback = changes.feedback;
      const cancel = changes.cancelAtPeriodEnd;
      if (cancel === undefined || cancel === subscription.cancelAtPeriodEnd) return;
      subscription.cancelAtPeriodEnd = cancel;
      subscription.cancelAt = cancel ? subscription.currentPeriodEnd : null;
      subscription.canceledAt = cancel ? core.unix() : null;
      subscription.cancellationReason = cancel ? 'cancellation_requested' : null;
    },
    request,
  );
};

export const renewSubscription = (core: StripeCore, subscriptionId: string): Record<string, unknown> => {
  const subscription = core.need(core.state.subscriptions, 'subscription', subscriptionId);
  if (subscription.status === 'canceled') throw new Error(`Subscription ${subscriptionId} has ended`);
  if (subscription.cancelAtPeriodEnd) {
    endSubscription(core, subscription, 'cancellation_requested');
    return renderSubscription(core, subscription);
  }
  const price = core.need(core.state.prices, 'price', subscription.priceId);
  const paid = chargeable(core, subscription);
  subscription.failNextRenewal = false;
  let invoice: InvoiceRecord | undefined;
  subscriptionChange(core, subscription, () => {
    subscription.currentPeriodStart = subscription.currentPeriodEnd;
    subscription.currentPeriodEnd = addPeriod(
      subscription.currentPeriodEnd,
      price.interval ?? 'month',
      price.intervalCount,
    );
    invoice = newInvoice(core, subscription, 'subscription_cycle', paid);
    subscription.latestInvoiceId = invoice.id;
    subscription.status = invoice.status === 'paid' ? 'active' : 'past_due';
  });
  if (!invoice) throw new Error('renewal made no invoice');
  core.emit(
    invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
    renderInvoice(core, invoice),
  );
  return renderInvoice(core, invoice);
};
