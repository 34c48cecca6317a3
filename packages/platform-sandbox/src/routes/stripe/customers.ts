import type { AcceptedCard } from './cards';
import type { StripeCore } from './core';
import { renderInvoice } from './invoices';
import type { CustomerRecord, PaymentIntentRecord, PaymentMethodRecord } from './records';
import { subscriptionChange } from './subscriptions';

/** Customers, the cards they pay with and the payments made (customers-delete.ts deletes a customer). */

export const renderCustomer = (c: CustomerRecord): Record<string, unknown> => ({
  id: c.id,
  object: 'customer',
  address: null,
  balance: c.balance ?? 0,
  created: c.created,
  currency: null,
  customer_account: null,
  default_source: null,
  delinquent: false,
  description: c.description,
  discount: null,
  email: c.email,
  invoice_prefix: c.id.slice(4, 12).toUpperCase(),
  invoice_settings: {
    custom_fields: null,
    default_payment_method: c.defaultPaymentMethod,
    footer: null,
    rendering_options: null,
  },
  livemode: false,
  metadata: { ...c.metadata },
  name: c.name,
  next_invoice_sequence: 1,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

export const renderPaymentMethod = (m: PaymentMethodRecord): Record<string, unknown> => ({
  id: m.id,
  object: 'payment_method',
  allow_redisplay: 'unspecified',
  billing_details: { address: null, email: m.email, name: m.name, phone: null, tax_id: null },
  card: {
    brand: m.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: m.brand,
    exp_month: m.exp_month,
    exp_year: m.exp_year,
    funding: 'credit',
    last4: m.last4,
    networks: { available: [m.brand], preferred: null },
    wallet: null,
  },
  created: m.created,
  customer: m.customerId,
  livemode: false,
  metadata: {},
  type: 'card',
});

export const renderPaymentIntent = (p: PaymentIntentRecord): Record<string, unknown> => ({
  id: p.id,
  object: 'payment_intent',
  amount: p.amount,
  amount_capturable: 0,
  amount_received: p.status === 'succeeded' ? p.amount : 0,
  capture_method: 'automatic_async',
  client_secret: `${p.id}_secret_${p.id.slice(3, 15)}`,
  confirmation_method: 'automatic',
  created: p.created,
  currency: p.currency,
  customer: p.customerId,
  description: p.description,
  last_payment_error: null,
  latest_charge: p.status === 'succeeded' ? `ch_${p.id.slice(3)}` : null,
  livemode: false,
  metadata: { ...p.metadata },
  payment_method: p.paymentMethodId,
  payment_method_types: ['card'],
  status: p.status,
});

/** Attaches a checked card to a customer and makes it their default (the portal's "Update payment method"). */
export const attachCard = (
  core: StripeCore,
  customerId: string,
  card: AcceptedCard,
  details: { name?: string | null; email?: string | null } = {},
): PaymentMethodRecord => {
  const customer = core.need(core.state.customers, 'customer', customerId);
  const method: PaymentMethodRecord = {
    ...card,
    id: core.newId('pm_'),
    created: core.unix(),
    customerId,
    name: details.name ?? null,
    email: details.email ?? customer.email,
  };
  core.state.paymentMethods.set(method.id, method);
  customer.defaultPaymentMethod = method.id;
  for (const subscription of core.state.subscriptions.values()) {
    if (subscription.customerId !== customerId || subscription.status === 'canceled') continue;
    // A subscription behind on payment retries its open invoice with the new card, as Stripe
    // attempts an open invoice when the customer updates their payment method in the portal.
    const open = subscription.latestInvoiceId
      ? core.state.invoices.get(subscription.latestInvoiceId)
      : undefined;
    const retry = subscription.status === 'past_due' && open?.status === 'open' && card.charges === 'succeed';
    subscriptionChange(core, subscription, () => {
      subscription.defaultPaymentMethod = method.id;
      if (retry && open) {
        open.status = 'paid';
        open.paidAt = core.unix();
        open.attemptCount += 1;
        const intent = open.paymentIntentId ? core.state.paymentIntents.get(open.paymentIntentId) : undefined;
        if (intent) {
          intent.status = 'succeeded';
          intent.paymentMethodId = method.id;
        }
        subscription.status = 'active';
      }
    });
    if (retry && open) core.emit('invoice.paid', renderInvoice(core, open));
  }
  return method;
};
