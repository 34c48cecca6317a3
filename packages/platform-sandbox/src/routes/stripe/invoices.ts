import type { StripeCore } from './core';
import {
  ACCOUNT_NAME,
  type CustomerRecord,
  type InvoiceLine,
  type InvoiceRecord,
  type PaymentIntentRecord,
  type SessionRecord,
  type SubscriptionRecord,
} from './records';

/**
 * Invoices: a subscription's (its start, each renewal, a change of price with its prorations) and the
 * one-off invoice of a Checkout payment, each paid by a payment intent; rendered with their lines.
 */

export const renderInvoice = (core: StripeCore, i: InvoiceRecord): Record<string, unknown> => {
  const price = core.need(core.state.prices, 'price', i.priceId);
  const customer = core.state.customers.get(i.customerId);
  const subscription = i.subscriptionId ? core.state.subscriptions.get(i.subscriptionId) : undefined;
  const every = price.interval ? ` / ${price.interval}` : '';
  const lines: InvoiceLine[] = i.lines ?? [
    {
      id: i.lineId,
      amount: i.subtotal ?? i.amount,
      priceId: price.id,
      quantity: i.quantity,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      proration: false,
      description: `${i.quantity} × ${price.productName} (at ${(price.unitAmount / 100).toFixed(2)} ${price.currency.toUpperCase()}${every})`,
    },
  ];
  const subtotal = i.subtotal ?? i.amount;
  return {
    id: i.id,
    object: 'invoice',
    account_country: 'US',
    account_name: ACCOUNT_NAME,
    account_tax_ids: null,
    amount_due: i.amount,
    amount_overpaid: 0,
    amount_paid: i.status === 'paid' ? i.amount : 0,
    amount_remaining: i.status === 'paid' ? 0 : i.amount,
    amount_shipping: 0,
    application: null,
    attempt_count: i.attemptCount,
    attempted: i.attemptCount > 0,
    auto_advance: i.status !== 'paid',
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: i.billingReason,
    collection_method: 'charge_automatically',
    created: i.created,
    currency: i.currency,
    custom_fields: null,
    customer: i.customerId,
    customer_account: null,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: i.description ?? null,
    discounts: [],
    due_date: null,
    effective_at: i.created,
    ending_balance: i.endingBalance ?? 0,
    footer: i.footer ?? null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: lines.map((line) => {
        const linePrice = core.need(core.state.prices, 'price', line.priceId);
        return {
          id: line.id,
          object: 'line_item',
          amount: line.amount,
          currency: i.currency,
          description: line.description,
          discount_amounts: [],
          discountable: !line.proration,
          discounts: [],
          invoice: i.id,
          livemode: false,
          metadata: {},
          // A one-off invoice's lines are invoice items (Checkout's payment), not subscription items.
          parent: i.subscriptionId
            ? {
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: line.proration,
                  proration_details: { credited_items: null },
                  subscription: i.subscriptionId,
                  subscription_item: subscription?.itemId ?? null,
                },
                type: 'subscription_item_details',
              }
            : {
                invoice_item_details: {
                  invoice_item: line.id.replace(/^il_/, 'ii_'),
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription: null,
                },
                subscription_item_details: null,
                type: 'invoice_item_details',
              },
          period: { end: line.periodEnd, start: line.periodStart },
          pretax_credit_amounts: [],
          pricing: {
            price_details: { price: linePrice.id, product: linePrice.productId },
            type: 'price_details',
            unit_amount_decimal: String(linePrice.unitAmount),
          },
          quantity: line.quantity,
          subscription: i.subscriptionId,
          subtotal: line.amount,
          taxes: [],
        };
      }),
      has_more: false,
      total_count: lines.length,
      url: `/v1/invoices/${i.id}/lines`,
    },
    livemode: false,
    metadata: { ...(i.metadata ?? {}) },
    next_payment_attempt: i.status === 'paid' ? null : i.created + 3 * 86_400,
    number: i.number,
    on_behalf_of: null,
    // Stripe names no parent for an invoice that is neither a subscription's nor a quote's.
    parent: i.subscriptionId
      ? {
          quote_details: null,
          subscription_details: {
            metadata: { ...i.subscriptionMetadata },
            subscription: i.subscriptionId,
          },
          type: 'subscription_details',
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: i.periodEnd,
    period_start: i.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: i.startingBalance ?? 0,
    statement_descriptor: null,
    status: i.status,
    status_transitions: {
      finalized_at: i.created,
      marked_uncollectible_at: null,
      paid_at: i.paidAt,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total: subtotal,
    total_discount_amounts: [],
    total_excluding_tax: subtotal,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: i.created,
  };
};

/**
 * A subscription's invoice: one line for its price over its period unless `lines` are given (a change's
 * prorations). The customer's credit balance pays first, as Stripe applies it; a total below zero goes
 * back to that balance. `chargeable`: whether the card would pay what remains due.
 */
export const newInvoice = (
  core: StripeCore,
  subscription: SubscriptionRecord,
  reason: InvoiceRecord['billingReason'],
  chargeable: boolean,
  lines?: InvoiceLine[],
): InvoiceRecord => {
  const price = core.need(core.state.prices, 'price', subscription.priceId);
  core.invoiceCount += 1;
  const customer = core.state.customers.get(subscription.customerId);
  const subtotal = lines
    ? lines.reduce((sum, line) => sum + line.amount, 0)
    : price.unitAmount * subscription.quantity;
  const startingBalance = customer?.balance ?? 0;
  const due = Math.max(0, subtotal + startingBalance);
  const endingBalance = Math.min(0, subtotal + startingBalance);
  if (customer) customer.balance = endingBalance;
  // Nothing due is paid at once, whatever the card.
  const paid = due === 0 || chargeable;
  const invoice: InvoiceRecord = {
    id: core.newId('in_'),
    number: `${customer?.id.slice(4, 12).toUpperCase() ?? 'SANDBOX'}-${String(core.invoiceCount).padStart(4, '0')}`,
    created: core.unix(),
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    billingReason: reason,
    status: paid ? 'paid' : 'open',
    currency: price.currency,
    amount: due,
    ...(lines ? { lines } : {}),
    ...(subtotal !== due ? { subtotal } : {}),
    ...(startingBalance !== 0 || endingBalance !== 0 ? { startingBalance, endingBalance } : {}),
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    lineId: core.newId('il_'),
    priceId: price.id,
    quantity: subscription.quantity,
    subscriptionMetadata: { ...subscription.metadata },
    paymentIntentId: null,
    attemptCount: 1,
    paidAt: paid ? core.unix() : null,
  };
  const intent: PaymentIntentRecord = {
    id: core.newId('pi_'),
    created: core.unix(),
    amount: invoice.amount,
    currency: invoice.currency,
    customerId: invoice.customerId,
    paymentMethodId: subscription.defaultPaymentMethod,
    status: paid ? 'succeeded' : 'requires_payment_method',
    description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    metadata: {},
    invoiceId: invoice.id,
  };
  core.state.paymentIntents.set(intent.id, intent);
  invoice.paymentIntentId = intent.id;
  core.state.invoices.set(invoice.id, invoice);
  return invoice;
};
/**
 * The invoice Checkout makes for a paid payment-mode session with `invoice_creation` enabled: paid at
 * once by the session's payment, one line per item, with the session's invoice_data (description,
 * footer, metadata). It has no subscription (no `parent`) and shows in the customer's invoice history.
 */
export const oneOffInvoice = (
  core: StripeCore,
  session: SessionRecord,
  customer: CustomerRecord,
  intent: PaymentIntentRecord,
): InvoiceRecord => {
  const now = core.unix();
  core.invoiceCount += 1;
  const lines: InvoiceLine[] = session.items.map((item) => {
    const price = core.need(core.state.prices, 'price', item.priceId);
    return {
      id: core.newId('il_'),
      amount: price.unitAmount * item.quantity,
      priceId: price.id,
      quantity: item.quantity,
      periodStart: now,
      periodEnd: now,
      proration: false,
      description: item.quantity === 1 ? price.productName : `${item.quantity} × ${price.productName}`,
    };
  });
  const first = session.items[0];
  if (!first) throw new Error('A checkout session has at least one line item');
  const invoice: InvoiceRecord = {
    id: core.newId('in_'),
    number: `${customer.id.slice(4, 12).toUpperCase()}-${String(core.invoiceCount).padStart(4, '0')}`,
    created: now,
    customerId: customer.id,
    subscriptionId: null,
    billingReason: 'manual',
    status: 'paid',
    currency: session.currency,
    amount: session.amountTotal,
    lines,
    description: session.invoiceCreation?.description ?? null,
    footer: session.invoiceCreation?.footer ?? null,
    metadata: { ...(session.invoiceCreation?.metadata ?? {}) },
    periodStart: now,
    periodEnd: now,
    lineId: lines[0]?.id ?? core.newId('il_'),
    priceId: first.priceId,
    quantity: first.quantity,
    subscriptionMetadata: {},
    paymentIntentId: intent.id,
    attemptCount: 1,
    paidAt: now,
  };
  intent.invoiceId = invoice.id;
  session.invoiceId = invoice.id;
  core.state.invoices.set(invoice.id, invoice);
  return invoice;
};
