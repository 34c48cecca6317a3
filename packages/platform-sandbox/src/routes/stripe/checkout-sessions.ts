import type { StripeCore } from './core';
import { StripeRefusal } from './errors';
import { renderPrice } from './prices';
import type { RequestRef, SessionRecord } from './records';

/**
 * Checkout sessions: rendered with their line items, and expired (at their time, or when asked). The API
 * that makes them is api-checkout.ts; paying one is checkout-payment.ts.
 */

export const renderSession = (core: StripeCore, s: SessionRecord): Record<string, unknown> => ({
  id: s.id,
  object: 'checkout.session',
  adaptive_pricing: null,
  after_expiration: null,
  allow_promotion_codes: null,
  amount_subtotal: s.amountTotal,
  amount_total: s.amountTotal,
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  cancel_url: s.cancelUrl,
  client_reference_id: s.clientReferenceId,
  client_secret: s.status === 'open' ? s.clientSecret : null,
  collected_information: null,
  consent: null,
  consent_collection: null,
  created: s.created,
  currency: s.currency,
  currency_conversion: null,
  custom_fields: [],
  custom_text: {
    after_submit: null,
    shipping_address: null,
    submit: null,
    terms_of_service_acceptance: null,
  },
  customer: s.customerId,
  customer_account: null,
  customer_creation: s.customerCreation,
  customer_details: s.customerDetails
    ? {
        address: null,
        email: s.customerDetails.email,
        name: s.customerDetails.name,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      }
    : null,
  customer_email: s.customerEmail,
  discounts: [],
  expires_at: s.expiresAt,
  invoice: s.invoiceId,
  invoice_creation:
    s.mode === 'payment'
      ? {
          enabled: s.invoiceCreation?.enabled ?? false,
          invoice_data: {
            account_tax_ids: null,
            custom_fields: null,
            description: s.invoiceCreation?.description ?? null,
            footer: s.invoiceCreation?.footer ?? null,
            issuer: null,
            metadata: { ...(s.invoiceCreation?.metadata ?? {}) },
            rendering_options: null,
          },
        }
      : null,
  livemode: false,
  locale: null,
  metadata: { ...s.metadata },
  mode: s.mode,
  origin_context: null,
  payment_intent: s.paymentIntentId,
  payment_link: null,
  payment_method_collection: s.mode === 'subscription' ? 'always' : null,
  payment_method_configuration_details: null,
  payment_method_options: {},
  payment_method_types: ['card'],
  payment_status: s.paymentStatus,
  permissions: null,
  recovered_from: null,
  ...(s.redirectOnCompletion ? { redirect_on_completion: s.redirectOnCompletion } : {}),
  ...(s.returnUrl ? { return_url: s.returnUrl } : {}),
  saved_payment_method_options: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_options: [],
  status: s.status,
  submit_type: null,
  subscription: s.subscriptionId,
  success_url: s.successUrl,
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  ui_mode: s.uiMode,
  url:
    s.uiMode === 'hosted_page' && s.status === 'open'
      ? `${core.ctx.publicUrl()}/stripe/checkout/${s.clientSecret}`
      : null,
  wallet_options: null,
});

export const renderLineItems = (core: StripeCore, s: SessionRecord): Record<string, unknown> => ({
  object: 'list',
  data: s.items.map((item) => {
    const price = core.need(core.state.prices, 'price', item.priceId);
    const amount = price.unitAmount * item.quantity;
    return {
      id: item.id,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: price.productName,
      metadata: {},
      price: renderPrice(price),
      quantity: item.quantity,
    };
  }),
  has_more: false,
  url: `/v1/checkout/sessions/${s.id}/line_items`,
});

/** Refuses a session that expired or is complete (an open one past its time expires now). */
export const sessionOpen = (core: StripeCore, session: SessionRecord) => {
  if (session.status === 'open' && session.expiresAt <= core.unix()) expireSession(core, session.id);
  if (session.status === 'expired')
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'This Checkout Session has expired.',
      'checkout_session_expired',
    );
  if (session.status === 'complete')
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'This Checkout Session is already complete.',
      'checkout_session_complete',
    );
};
export const expireSession = (core: StripeCore, sessionId: string, request?: RequestRef): SessionRecord => {
  const session = core.need(core.state.sessions, 'checkout session', sessionId);
  if (session.status === 'complete')
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "complete".',
      undefined,
      'session',
    );
  if (session.status === 'open') {
    session.status = 'expired';
    core.emit('checkout.session.expired', renderSession(core, session), undefined, request);
  }
  return session;
};
