import { randomBytes } from 'node:crypto';
import type { PlatformSandboxContext } from '../context';
import { type AcceptedCard, type CardInput, checkCard, TEST_CARD } from './stripe-cards';
import { StripeRefusal } from './stripe-errors';
import type { StripeEvent } from './stripe-event';
import {
  type PortalConfigurationRecord,
  saveDefaultPortalConfiguration,
} from './stripe-portal-configuration-record';
import {
  createWebhookDeliveries,
  type ReleaseOrder,
  type SavedDeliveries,
  type WebhookDelivery,
  type WebhookEndpointRecord,
} from './stripe-webhooks';

/**
 * The simulated Stripe account behind the stand-in: customers, inline prices, Checkout sessions,
 * subscriptions, invoices, payments, portal sessions, webhook endpoints and the events sent to them.
 * Records hold the state; `render` turns them into the objects of API version 2026-03-25.dahlia (what
 * the SDK's types describe: a subscription's period on its item, an invoice's subscription under
 * parent.subscription_details), so answers and event payloads share one shape; an endpoint made without
 * an api_version receives its events in the account's older default version (stripe-api-versions.ts).
 */

export const API_VERSION = '2026-03-25.dahlia';
/** How long events (and their deliveries) are kept, as Stripe keeps them. */
const EVENT_DAYS = 30;
/** The account's public name, shown on the checkout and portal pages as Stripe shows the business name. */
export const ACCOUNT_NAME = 'Sales Assist';

export type StripeApp = { secretKey: string; publishableKey: string; webhookSecret: string };
export type Interval = 'day' | 'week' | 'month' | 'year';
type Metadata = Record<string, string>;
export type RequestRef = { id: string | null; idempotency_key: string | null };
const NO_REQUEST: RequestRef = { id: null, idempotency_key: null };

export type CustomerRecord = {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  defaultPaymentMethod: string | null;
  /** Stripe's customer balance in cents: negative is credit (a downgrade's unused time), used by later invoices. */
  balance?: number;
};
export type PriceRecord = {
  id: string;
  productId: string;
  productName: string;
  created: number;
  currency: string;
  unitAmount: number;
  interval: Interval | null;
  intervalCount: number;
};
export type SessionRecord = {
  id: string;
  created: number;
  clientSecret: string | null;
  mode: 'payment' | 'subscription';
  uiMode: 'embedded_page' | 'hosted_page';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  items: Array<{ id: string; priceId: string; quantity: number }>;
  currency: string;
  amountTotal: number;
  customerId: string | null;
  customerEmail: string | null;
  customerDetails: { email: string | null; name: string | null } | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  paymentIntentMetadata: Metadata;
  returnUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  redirectOnCompletion: 'always' | 'if_required' | 'never' | null;
  customerCreation: 'always' | 'if_required' | null;
  expiresAt: number;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
  /**
   * Checkout's `invoice_creation` (payment mode): an invoice is made for the payment once it is paid, so
   * the purchase shows in the customer's invoice history. Absent in worlds saved before.
   */
  invoiceCreation?: {
    enabled: boolean;
    description: string | null;
    footer: string | null;
    metadata: Metadata;
  } | null;
};
export type PaymentMethodRecord = AcceptedCard & {
  id: string;
  created: number;
  customerId: string | null;
  name: string | null;
  email: string | null;
};
export type PaymentIntentRecord = {
  id: string;
  created: number;
  amount: number;
  currency: string;
  customerId: string | null;
  paymentMethodId: string | null;
  status: 'succeeded' | 'requires_payment_method';
  description: string | null;
  metadata: Metadata;
  invoiceId: string | null;
};
export type SubscriptionRecord = {
  id: string;
  created: number;
  customerId: string;
  itemId: string;
  priceId: string;
  quantity: number;
  status: 'active' | 'past_due' | 'canceled' | 'unpaid';
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: 'cancellation_requested' | 'payment_failed' | null;
  /** What the customer said when cancelling (cancellation_details), if the app passed it on. */
  cancellationComment?: string | null;
  cancellationFeedback?: string | null;
  metadata: Metadata;
  latestInvoiceId: string | null;
  defaultPaymentMethod: string | null;
  /** The next renewal's charge fails whatever the card (set by a test). */
  failNextRenewal: boolean;
  /** When the billing cycle was last anchored (the start, or a change of interval); the start if never moved. */
  billingCycleAnchor?: number;
};
/** One line of an invoice: a period of a price, or a proration (unused time back, remaining time on a new price). */
export type InvoiceLine = {
  id: string;
  amount: number;
  priceId: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  description: string;
};
export type InvoiceRecord = {
  id: string;
  number: string;
  created: number;
  customerId: string;
  /** null: a one-off invoice (a Checkout payment with invoice_creation), not a subscription's. */
  subscriptionId: string | null;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  /** What a one-off invoice says it is for (invoice_creation[invoice_data]); subscription invoices have none. */
  description?: string | null;
  footer?: string | null;
  metadata?: Metadata;
  status: 'paid' | 'open';
  currency: string;
  /** What was due (and charged): the lines' total less the customer's credit balance, never below zero. */
  amount: number;
  /** The lines when there are several (a change's prorations); absent: one line of `priceId` for the period. */
  lines?: InvoiceLine[];
  /** The lines' total (absent: `amount`); negative when a change gives back more than it charges. */
  subtotal?: number;
  /** The customer's balance before and after this invoice (negative: credit). */
  startingBalance?: number;
  endingBalance?: number;
  periodStart: number;
  periodEnd: number;
  lineId: string;
  priceId: string;
  quantity: number;
  subscriptionMetadata: Metadata;
  paymentIntentId: string | null;
  attemptCount: number;
  paidAt: number | null;
};
export type EndpointRecord = WebhookEndpointRecord & {
  created: number;
  description: string | null;
  metadata: Metadata;
  apiVersion: string | null;
};
export type PortalRecord = {
  id: string;
  created: number;
  customerId: string;
  returnUrl: string | null;
  /** The configuration it opened with (what the portal offers); absent in worlds saved before. */
  configurationId?: string;
  /** The link works once; opening it hands out this token, which the portal's own pages carry. */
  token: string | null;
  expiresAt: number;
};
export type IdempotentAnswer = {
  key: string;
  method: string;
  path: string;
  params: string;
  status: number;
  body: unknown;
  at: number;
};

export type SavedStripe = {
  app: StripeApp;
  customers: CustomerRecord[];
  prices: PriceRecord[];
  sessions: SessionRecord[];
  paymentMethods: PaymentMethodRecord[];
  paymentIntents: PaymentIntentRecord[];
  subscriptions: SubscriptionRecord[];
  invoices: InvoiceRecord[];
  endpoints: EndpointRecord[];
  portals: PortalRecord[];
  events: StripeEvent[];
  idempotency: IdempotentAnswer[];
  invoiceCount: number;
  /** Absent in worlds saved before the portal needed a configuration. */
  portalConfigurations?: PortalConfigurationRecord[];
  /** Deleted customers' ids and when (they read as `deleted: true`). */
  deletedCustomers?: Array<[string, number]>;
} & SavedDeliveries;

export type CompletedCheckout = { session: Record<string, unknown>; eventIds: string[] };

/** What tests read and trigger (in process: platforms.stripe; over HTTP: /__sandbox/stripe/…). */
export type StripeControl = {
  /** The keys the app is configured with: made up once per world and kept with it. */
  app(): StripeApp;
  /**
   * What the checkout page's Pay button does (card 4242… unless given; the e-mail is the session's or its
   * customer's unless given, and one of them is needed); throws Stripe's card_error when refused.
   */
  completeCheckout(
    sessionId: string,
    options?: { card?: string; email?: string; name?: string },
  ): CompletedCheckout;
  /** Ends an open session now (checkout.session.expired). */
  expireCheckout(sessionId: string): Record<string, unknown>;
  /**
   * The next period of a subscription, as Stripe's billing does at period end: an invoice
   * (subscription_cycle) paid → invoice.paid + customer.subscription.updated; a failing charge →
   * invoice.payment_failed and past_due; a subscription set to cancel at period end ends instead.
   */
  renewSubscription(subscriptionId: string): Record<string, unknown>;
  /** The next renewal's charge fails (as with card 4000 0000 0000 0341). */
  failNextRenewal(subscriptionId: string): void;
  /** Cancels at once (customer.subscription.deleted). */
  cancelNow(subscriptionId: string): Record<string, unknown>;
  customers(): Record<string, unknown>[];
  checkoutSessions(): Record<string, unknown>[];
  subscriptions(): Record<string, unknown>[];
  invoices(): Record<string, unknown>[];
  webhookEndpoints(): Record<string, unknown>[];
  events(): StripeEvent[];
  deliveries(): WebhookDelivery[];
  /** Sends an event again to the endpoints listening for it, with the same event id (a replay). */
  redeliver(eventId: string): WebhookDelivery[];
  /** Backoff between delivery attempts (default 1 s, 5 s, 25 s: four attempts in all). */
  setDeliveryRetries(delaysMs: number[]): void;
  /** Deliveries wait (events are still made) until released: for tests of delivery order. */
  holdDeliveries(): void;
  /**
   * Sends what waited: in the order sent, reversed or shuffled, `first` event types before the rest.
   * Stripe promises no order, and events of one action share their `created` second.
   */
  releaseDeliveries(order?: ReleaseOrder): void;
  /** What saving the customer portal settings in Stripe's Dashboard does: the default configuration. */
  saveDefaultPortalConfiguration(): Record<string, unknown>;
  /** Resolves when the events' deliveries are no longer pending (true) or after `timeoutMs` (false). */
  deliveriesSettled(eventIds?: string[], timeoutMs?: number): Promise<boolean>;
  /** Empties the account (the keys stay, as the app is configured with them). */
  reset(): void;
};

export type StripeWorld = StripeControl & {
  readonly ctx: PlatformSandboxContext;
  saved(): SavedStripe;
  restore(saved: SavedStripe | undefined): void;
  stop(): void;
  unix(): number;
  newId(prefix: string): string;
  sweepExpired(): void;
  emit(
    type: string,
    object: Record<string, unknown>,
    previous?: Record<string, unknown>,
    request?: RequestRef,
  ): StripeEvent;
  state: {
    customers: Map<string, CustomerRecord>;
    prices: Map<string, PriceRecord>;
    sessions: Map<string, SessionRecord>;
    paymentMethods: Map<string, PaymentMethodRecord>;
    paymentIntents: Map<string, PaymentIntentRecord>;
    subscriptions: Map<string, SubscriptionRecord>;
    invoices: Map<string, InvoiceRecord>;
    endpoints: Map<string, EndpointRecord>;
    portals: Map<string, PortalRecord>;
    events: StripeEvent[];
    idempotency: Map<string, IdempotentAnswer>;
    portalConfigurations: Map<string, PortalConfigurationRecord>;
    deletedCustomers: Map<string, number>;
  };
  render: {
    customer(record: CustomerRecord): Record<string, unknown>;
    price(record: PriceRecord): Record<string, unknown>;
    session(record: SessionRecord): Record<string, unknown>;
    lineItems(record: SessionRecord): Record<string, unknown>;
    paymentMethod(record: PaymentMethodRecord): Record<string, unknown>;
    paymentIntent(record: PaymentIntentRecord): Record<string, unknown>;
    subscription(record: SubscriptionRecord): Record<string, unknown>;
    invoice(record: InvoiceRecord): Record<string, unknown>;
    endpoint(record: EndpointRecord, withSecret?: boolean): Record<string, unknown>;
  };
  /** Attaches a checked card to a customer and makes it their default (the portal's "Update payment method"). */
  attachCard(
    customerId: string,
    card: AcceptedCard,
    details?: { name?: string | null; email?: string | null },
  ): PaymentMethodRecord;
  /** The card paying for a session: the same rules as the checkout page. */
  payCheckout(
    sessionId: string,
    card: CardInput,
    details: { email?: string | null; name?: string | null },
  ): CompletedCheckout;
  /**
   * POST /v1/subscriptions/:id with items: the item moves to another price. The period restarts now when
   * the interval changes or `resetAnchor` is asked (billing_cycle_anchor=now); prorations credit the unused
   * time of the old price and charge the new one, invoiced at once (always_invoice, or any proration
   * behaviour when the period restarts). A refused charge: with `errorIfIncomplete` nothing changes and the
   * card error is thrown, else the invoice stays open and the subscription is past due.
   */
  changeSubscriptionPrice(
    subscriptionId: string,
    change: {
      price: PriceRecord;
      quantity: number;
      prorationBehavior: 'create_prorations' | 'always_invoice' | 'none';
      resetAnchor: boolean;
      metadata?: Metadata;
      errorIfIncomplete: boolean;
    },
    request?: RequestRef,
  ): SubscriptionRecord;
  /** POST /v1/subscriptions/:id and the portal's cancel and renew. */
  updateSubscription(
    subscriptionId: string,
    changes: {
      metadata?: Metadata;
      cancelAtPeriodEnd?: boolean;
      comment?: string | null;
      feedback?: string | null;
    },
    request?: RequestRef,
  ): SubscriptionRecord;
  cancelSubscription(subscriptionId: string, request?: RequestRef): SubscriptionRecord;
  expireSession(sessionId: string, request?: RequestRef): SessionRecord;
};

const randomText = (length: number): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += alphabet[byte % alphabet.length];
  return text;
};

const newApp = (): StripeApp => ({
  secretKey: `sk_test_51Sbx${randomText(95)}`,
  publishableKey: `pk_test_51Sbx${randomText(95)}`,
  webhookSecret: `whsec_${randomText(32)}`,
});

/** Adds whole periods the way Stripe's billing anchors do: a month from the 31st ends on the last day. */
export const addPeriod = (unix: number, interval: Interval, count = 1): number => {
  const date = new Date(unix * 1000);
  if (interval === 'day') return unix + count * 86_400;
  if (interval === 'week') return unix + count * 7 * 86_400;
  const months = interval === 'month' ? count : count * 12;
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
};

const clone = <T>(value: T): T => structuredClone(value);
const missing = (kind: string, id: string) => new Error(`No such ${kind}: '${id}'`);

export const createStripeWorld = (ctx: PlatformSandboxContext): StripeWorld => {
  let app = newApp();
  let invoiceCount = 0;
  const state: StripeWorld['state'] = {
    customers: new Map(),
    prices: new Map(),
    sessions: new Map(),
    paymentMethods: new Map(),
    paymentIntents: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    endpoints: new Map(),
    portals: new Map(),
    events: [],
    idempotency: new Map(),
    portalConfigurations: new Map(),
    deletedCustomers: new Map(),
  };
  const unix = () => Math.floor(ctx.now().getTime() / 1000);
  const newId = (prefix: string) => `${prefix}${randomText(prefix.startsWith('cs_') ? 58 : 24)}`;
  const deliveries = createWebhookDeliveries({
    nextId: newId,
    event: (id) => state.events.find((event) => event.id === id),
    endpoint: (id) => state.endpoints.get(id),
    changed: () => ctx.worldChanged(),
  });

  const need = <T>(map: Map<string, T>, kind: string, id: string): T => {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  };

  const render: StripeWorld['render'] = {
    customer: (c) => ({
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
    }),
    price: (p) => ({
      id: p.id,
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: p.created,
      currency: p.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: p.productId,
      recurring: p.interval
        ? {
            interval: p.interval,
            interval_count: p.intervalCount,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: p.interval ? 'recurring' : 'one_time',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    }),
    lineItems: (s) => ({
      object: 'list',
      data: s.items.map((item) => {
        const price = need(state.prices, 'price', item.priceId);
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
          price: render.price(price),
          quantity: item.quantity,
        };
      }),
      has_more: false,
      url: `/v1/checkout/sessions/${s.id}/line_items`,
    }),
    session: (s) => ({
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
          ? `${ctx.publicUrl()}/stripe/checkout/${s.clientSecret}`
          : null,
      wallet_options: null,
    }),
    paymentMethod: (m) => ({
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
    }),
    paymentIntent: (p) => ({
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
    }),
    subscription: (s) => {
      const price = need(state.prices, 'price', s.priceId);
      const renderedPrice = render.price(price);
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
    },
    invoice: (i) => {
      const price = need(state.prices, 'price', i.priceId);
      const customer = state.customers.get(i.customerId);
      const subscription = i.subscriptionId ? state.subscriptions.get(i.subscriptionId) : undefined;
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
            const linePrice = need(state.prices, 'price', line.priceId);
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
    },
    endpoint: (e, withSecret = false) => ({
      id: e.id,
      object: 'webhook_endpoint',
      api_version: e.apiVersion,
      application: null,
      created: e.created,
      description: e.description,
      enabled_events: [...e.enabled_events],
      livemode: false,
      metadata: { ...e.metadata },
      ...(withSecret ? { secret: e.secret } : {}),
      status: e.status,
      url: e.url,
    }),
  };

  const emit: StripeWorld['emit'] = (type, object, previous, request = NO_REQUEST) => {
    const endpoints = [...state.endpoints.values()];
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: unix(),
      data: { object: clone(object), ...(previous ? { previous_attributes: clone(previous) } : {}) },
      livemode: false,
      pending_webhooks: 0,
      request,
      type,
    };
    state.events.push(event);
    event.pending_webhooks = deliveries.enqueue(event, endpoints).length;
    // Stripe keeps events for 30 days; so does the world file, which would otherwise grow for ever.
    const cutoff = event.created - EVENT_DAYS * 86_400;
    if ((state.events[0]?.created ?? cutoff) < cutoff) {
      state.events = state.events.filter((kept) => kept.created >= cutoff);
      deliveries.forget(new Set(state.events.map((kept) => kept.id)));
    }
    return event;
  };

  const chargeable = (subscription: SubscriptionRecord): boolean => {
    if (subscription.failNextRenewal) return false;
    const method = subscription.defaultPaymentMethod
      ? state.paymentMethods.get(subscription.defaultPaymentMethod)
      : undefined;
    return method?.charges !== 'fail';
  };

  /**
   * A subscription's invoice: one line for its price over its period unless `lines` are given (a change's
   * prorations). The customer's credit balance pays first, as Stripe applies it; a total below zero goes
   * back to that balance. `chargeable`: whether the card would pay what remains due.
   */
  const newInvoice = (
    subscription: SubscriptionRecord,
    reason: InvoiceRecord['billingReason'],
    chargeable: boolean,
    lines?: InvoiceLine[],
  ): InvoiceRecord => {
    const price = need(state.prices, 'price', subscription.priceId);
    invoiceCount += 1;
    const customer = state.customers.get(subscription.customerId);
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
      id: newId('in_'),
      number: `${customer?.id.slice(4, 12).toUpperCase() ?? 'SANDBOX'}-${String(invoiceCount).padStart(4, '0')}`,
      created: unix(),
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
      lineId: newId('il_'),
      priceId: price.id,
      quantity: subscription.quantity,
      subscriptionMetadata: { ...subscription.metadata },
      paymentIntentId: null,
      attemptCount: 1,
      paidAt: paid ? unix() : null,
    };
    const intent: PaymentIntentRecord = {
      id: newId('pi_'),
      created: unix(),
      amount: invoice.amount,
      currency: invoice.currency,
      customerId: invoice.customerId,
      paymentMethodId: subscription.defaultPaymentMethod,
      status: paid ? 'succeeded' : 'requires_payment_method',
      description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      metadata: {},
      invoiceId: invoice.id,
    };
    state.paymentIntents.set(intent.id, intent);
    invoice.paymentIntentId = intent.id;
    state.invoices.set(invoice.id, invoice);
    return invoice;
  };

  const subscriptionChange = (
    subscription: SubscriptionRecord,
    change: () => void,
    request?: RequestRef,
  ): SubscriptionRecord => {
    const before = render.subscription(subscription);
    change();
    const after = render.subscription(subscription);
    const previous: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(before)) {
      if (JSON.stringify(value) !== JSON.stringify(after[key])) previous[key] = value;
    }
    if (Object.keys(previous).length > 0) emit('customer.subscription.updated', after, previous, request);
    return subscription;
  };

  const endSubscription = (
    subscription: SubscriptionRecord,
    reason: SubscriptionRecord['cancellationReason'],
    request?: RequestRef,
  ): SubscriptionRecord => {
    if (subscription.status === 'canceled') return subscription;
    const now = unix();
    subscription.status = 'canceled';
    subscription.canceledAt = subscription.canceledAt ?? now;
    subscription.endedAt = now;
    subscription.cancelAt = subscription.cancelAt ?? null;
    subscription.cancellationReason = subscription.cancellationReason ?? reason;
    emit('customer.subscription.deleted', render.subscription(subscription), undefined, request);
    return subscription;
  };

  const sessionOpen = (session: SessionRecord) => {
    if (session.status === 'open' && session.expiresAt <= unix()) expireSession(session.id);
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

  const expireSession = (sessionId: string, request?: RequestRef): SessionRecord => {
    const session = need(state.sessions, 'checkout session', sessionId);
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
      emit('checkout.session.expired', render.session(session), undefined, request);
    }
    return session;
  };

  const attachCard: StripeWorld['attachCard'] = (customerId, card, details = {}) => {
    const customer = need(state.customers, 'customer', customerId);
    const method: PaymentMethodRecord = {
      ...card,
      id: newId('pm_'),
      created: unix(),
      customerId,
      name: details.name ?? null,
      email: details.email ?? customer.email,
    };
    state.paymentMethods.set(method.id, method);
    customer.defaultPaymentMethod = method.id;
    for (const subscription of state.subscriptions.values()) {
      if (subscription.customerId !== customerId || subscription.status === 'canceled') continue;
      // A subscription behind on payment retries its open invoice with the new card, as Stripe
      // attempts an open invoice when the customer updates their payment method in the portal.
      const open = subscription.latestInvoiceId
        ? state.invoices.get(subscription.latestInvoiceId)
        : undefined;
      const retry =
        subscription.status === 'past_due' && open?.status === 'open' && card.charges === 'succeed';
      subscriptionChange(subscription, () => {
        subscription.defaultPaymentMethod = method.id;
        if (retry && open) {
          open.status = 'paid';
          open.paidAt = unix();
          open.attemptCount += 1;
          const intent = open.paymentIntentId ? state.paymentIntents.get(open.paymentIntentId) : undefined;
          if (intent) {
            intent.status = 'succeeded';
            intent.paymentMethodId = method.id;
          }
          subscription.status = 'active';
        }
      });
      if (retry && open) emit('invoice.paid', render.invoice(open));
    }
    return method;
  };

  /**
   * The invoice Checkout makes for a paid payment-mode session with `invoice_creation` enabled: paid at
   * once by the session's payment, one line per item, with the session's invoice_data (description,
   * footer, metadata). It has no subscription (no `parent`) and shows in the customer's invoice history.
   */
  const oneOffInvoice = (
    session: SessionRecord,
    customer: CustomerRecord,
    intent: PaymentIntentRecord,
  ): InvoiceRecord => {
    const now = unix();
    invoiceCount += 1;
    const lines: InvoiceLine[] = session.items.map((item) => {
      const price = need(state.prices, 'price', item.priceId);
      return {
        id: newId('il_'),
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
      id: newId('in_'),
      number: `${customer.id.slice(4, 12).toUpperCase()}-${String(invoiceCount).padStart(4, '0')}`,
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
      lineId: lines[0]?.id ?? newId('il_'),
      priceId: first.priceId,
      quantity: first.quantity,
      subscriptionMetadata: {},
      paymentIntentId: intent.id,
      attemptCount: 1,
      paidAt: now,
    };
    intent.invoiceId = invoice.id;
    session.invoiceId = invoice.id;
    state.invoices.set(invoice.id, invoice);
    return invoice;
  };

  const payCheckout: StripeWorld['payCheckout'] = (sessionId, input, details) => {
    const session = need(state.sessions, 'checkout session', sessionId);
    sessionOpen(session);
    // A refused card leaves the session open and unpaid: nothing is created.
    const card = checkCard(input, ctx.now());
    const email =
      details.email?.trim() ||
      session.customerEmail ||
      (session.customerId ? (state.customers.get(session.customerId)?.email ?? null) : null);
    if (!email)
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'Enter your email address.',
        'email_invalid',
        'email',
      );
    const now = unix();
    const eventIds: string[] = [];
    let customer = session.customerId ? state.customers.get(session.customerId) : undefined;
    // An invoice needs a customer: Checkout makes one for a payment that asks for an invoice.
    const invoiced = session.mode === 'payment' && session.invoiceCreation?.enabled === true;
    if (!customer && (session.mode === 'subscription' || session.customerCreation === 'always' || invoiced)) {
      customer = {
        id: newId('cus_'),
        created: now,
        email,
        name: details.name ?? input.name ?? null,
        description: null,
        metadata: {},
        defaultPaymentMethod: null,
      };
      state.customers.set(customer.id, customer);
      eventIds.push(emit('customer.created', render.customer(customer)).id);
    }
    const method: PaymentMethodRecord = {
      ...card,
      id: newId('pm_'),
      created: now,
      customerId: customer?.id ?? null,
      name: details.name ?? input.name ?? null,
      email,
    };
    state.paymentMethods.set(method.id, method);
    session.customerId = customer?.id ?? null;
    session.customerDetails = { email, name: method.name };
    if (session.mode === 'payment') {
      const intent: PaymentIntentRecord = {
        id: newId('pi_'),
        created: now,
        amount: session.amountTotal,
        currency: session.currency,
        customerId: customer?.id ?? null,
        paymentMethodId: method.id,
        status: 'succeeded',
        description: null,
        metadata: { ...session.paymentIntentMetadata },
        invoiceId: null,
      };
      state.paymentIntents.set(intent.id, intent);
      session.paymentIntentId = intent.id;
      if (invoiced && customer) {
        const invoice = oneOffInvoice(session, customer, intent);
        eventIds.push(emit('invoice.paid', render.invoice(invoice)).id);
      }
    } else {
      if (!customer) throw new Error('A subscription needs a customer');
      customer.defaultPaymentMethod = method.id;
      const item = session.items[0];
      if (!item) throw new Error('A subscription needs a line item');
      const price = need(state.prices, 'price', item.priceId);
      const subscription: SubscriptionRecord = {
        id: newId('sub_'),
        created: now,
        customerId: customer.id,
        itemId: newId('si_'),
        priceId: price.id,
        quantity: item.quantity,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: addPeriod(now, price.interval ?? 'month', price.intervalCount),
        cancelAtPeriodEnd: false,
        cancelAt: null,
        canceledAt: null,
        endedAt: null,
        cancellationReason: null,
        metadata: { ...session.subscriptionMetadata },
        latestInvoiceId: null,
        defaultPaymentMethod: method.id,
        failNextRenewal: false,
      };
      state.subscriptions.set(subscription.id, subscription);
      const invoice = newInvoice(subscription, 'subscription_create', true);
      subscription.latestInvoiceId = invoice.id;
      session.subscriptionId = subscription.id;
      session.invoiceId = invoice.id;
      // As Stripe: the subscription is made incomplete, its first invoice is paid, and it becomes active,
      // all in the same second; the created event shows it incomplete.
      const active = render.subscription(subscription);
      const incomplete = { ...active, status: 'incomplete' };
      eventIds.push(emit('customer.subscription.created', incomplete).id);
      eventIds.push(emit('invoice.paid', render.invoice(invoice)).id);
      eventIds.push(emit('customer.subscription.updated', active, { status: 'incomplete' }).id);
    }
    session.status = 'complete';
    session.paymentStatus = 'paid';
    eventIds.push(emit('checkout.session.completed', render.session(session)).id);
    return { session: render.session(session), eventIds };
  };

  const world: StripeWorld = {
    ctx,
    state,
    render,
    unix,
    newId,
    emit,
    attachCard,
    payCheckout,
    expireSession,
    app: () => ({ ...app }),
    saved: () => ({
      app,
      customers: [...state.customers.values()],
      prices: [...state.prices.values()],
      sessions: [...state.sessions.values()],
      paymentMethods: [...state.paymentMethods.values()],
      paymentIntents: [...state.paymentIntents.values()],
      subscriptions: [...state.subscriptions.values()],
      invoices: [...state.invoices.values()],
      endpoints: [...state.endpoints.values()],
      portals: [...state.portals.values()],
      events: state.events,
      idempotency: [...state.idempotency.values()],
      invoiceCount,
      portalConfigurations: [...state.portalConfigurations.values()],
      deletedCustomers: [...state.deletedCustomers.entries()],
      ...deliveries.saved(),
    }),
    restore: (saved) => {
      if (!saved) return;
      app = saved.app;
      invoiceCount = saved.invoiceCount;
      const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
      state.customers = byId(saved.customers);
      state.prices = byId(saved.prices);
      state.sessions = byId(saved.sessions);
      state.paymentMethods = byId(saved.paymentMethods);
      state.paymentIntents = byId(saved.paymentIntents);
      state.subscriptions = byId(saved.subscriptions);
      state.invoices = byId(saved.invoices);
      state.endpoints = byId(saved.endpoints);
      state.portals = byId(saved.portals);
      state.events = saved.events;
      state.idempotency = new Map(saved.idempotency.map((answer) => [answer.key, answer]));
      state.portalConfigurations = byId(saved.portalConfigurations ?? []);
      state.deletedCustomers = new Map(saved.deletedCustomers ?? []);
      deliveries.restore(saved);
    },
    stop: () => deliveries.stop(),
    sweepExpired: () => {
      const now = unix();
      for (const session of state.sessions.values()) {
        if (session.status === 'open' && session.expiresAt <= now) expireSession(session.id);
      }
    },
    changeSubscriptionPrice: (subscriptionId, change, request) => {
      const subscription = need(state.subscriptions, 'subscription', subscriptionId);
      const old = need(state.prices, 'price', subscription.priceId);
      const next = change.price;
      const now = unix();
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
          id: newId('il_'),
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
          id: newId('il_'),
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
          id: newId('il_'),
          amount: Math.round((next.unitAmount * change.quantity * left) / length),
          priceId: next.id,
          quantity: change.quantity,
          periodStart: now,
          periodEnd,
          proration: true,
          description: `Remaining time on ${next.productName} after ${day(now)}`,
        });
      const invoiceNow = lines.length > 0 && (restart || change.prorationBehavior === 'always_invoice');
      const customer = state.customers.get(subscription.customerId);
      const due = lines.reduce((sum, line) => sum + line.amount, 0) + (customer?.balance ?? 0);
      const payable = chargeable({ ...subscription, failNextRenewal: false });
      if (invoiceNow && due > 0 && !payable && change.errorIfIncomplete)
        throw new StripeRefusal(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, {
          decline_code: 'generic_decline',
        });
      state.prices.set(next.id, next);
      let invoice: InvoiceRecord | undefined;
      subscriptionChange(
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
            invoice = newInvoice(subscription, 'subscription_update', payable, lines);
            subscription.latestInvoiceId = invoice.id;
            if (invoice.status !== 'paid') subscription.status = 'past_due';
          }
        },
        request,
      );
      if (invoice)
        emit(
          invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
          render.invoice(invoice),
          undefined,
          request,
        );
      return subscription;
    },
    updateSubscription: (subscriptionId, changes, request) => {
      const subscription = need(state.subscriptions, 'subscription', subscriptionId);
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
        subscription,
        () => {
          if (changes.metadata) subscription.metadata = changes.metadata;
          if (changes.comment !== undefined) subscription.cancellationComment = changes.comment;
          if (changes.feedback !== undefined) subscription.cancellationFeedback = changes.feedback;
          const cancel = changes.cancelAtPeriodEnd;
          if (cancel === undefined || cancel === subscription.cancelAtPeriodEnd) return;
          subscription.cancelAtPeriodEnd = cancel;
          subscription.cancelAt = cancel ? subscription.currentPeriodEnd : null;
          subscription.canceledAt = cancel ? unix() : null;
          subscription.cancellationReason = cancel ? 'cancellation_requested' : null;
        },
        request,
      );
    },
    cancelSubscription: (subscriptionId, request) =>
      endSubscription(
        need(state.subscriptions, 'subscription', subscriptionId),
        'cancellation_requested',
        request,
      ),

    completeCheckout: (sessionId, options = {}) =>
      payCheckout(
        sessionId,
        {
          number: options.card ?? TEST_CARD,
          exp_month: 12,
          exp_year: new Date(ctx.now()).getUTCFullYear() + 3,
          cvc: '123',
        },
        { email: options.email, name: options.name ?? 'Sandbox Customer' },
      ),
    expireCheckout: (sessionId) => render.session(expireSession(sessionId)),
    renewSubscription: (subscriptionId) => {
      const subscription = need(state.subscriptions, 'subscription', subscriptionId);
      if (subscription.status === 'canceled') throw new Error(`Subscription ${subscriptionId} has ended`);
      if (subscription.cancelAtPeriodEnd) {
        endSubscription(subscription, 'cancellation_requested');
        return render.subscription(subscription);
      }
      const price = need(state.prices, 'price', subscription.priceId);
      const paid = chargeable(subscription);
      subscription.failNextRenewal = false;
      let invoice: InvoiceRecord | undefined;
      subscriptionChange(subscription, () => {
        subscription.currentPeriodStart = subscription.currentPeriodEnd;
        subscription.currentPeriodEnd = addPeriod(
          subscription.currentPeriodEnd,
          price.interval ?? 'month',
          price.intervalCount,
        );
        invoice = newInvoice(subscription, 'subscription_cycle', paid);
        subscription.latestInvoiceId = invoice.id;
        subscription.status = invoice.status === 'paid' ? 'active' : 'past_due';
      });
      if (!invoice) throw new Error('renewal made no invoice');
      emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', render.invoice(invoice));
      return render.invoice(invoice);
    },
    failNextRenewal: (subscriptionId) => {
      need(state.subscriptions, 'subscription', subscriptionId).failNextRenewal = true;
    },
    cancelNow: (subscriptionId) =>
      render.subscription(
        endSubscription(need(state.subscriptions, 'subscription', subscriptionId), 'cancellation_requested'),
      ),
    customers: () => [...state.customers.values()].map(render.customer),
    checkoutSessions: () => [...state.sessions.values()].map(render.session),
    subscriptions: () => [...state.subscriptions.values()].map(render.subscription),
    invoices: () => [...state.invoices.values()].map(render.invoice),
    webhookEndpoints: () => [...state.endpoints.values()].map((endpoint) => render.endpoint(endpoint)),
    events: () => clone(state.events),
    deliveries: () => deliveries.list(),
    redeliver: (eventId) => {
      const event = state.events.find((candidate) => candidate.id === eventId);
      if (!event) throw missing('event', eventId);
      return deliveries.enqueue(event, [...state.endpoints.values()]);
    },
    setDeliveryRetries: (delaysMs) => deliveries.setRetryDelays(delaysMs),
    holdDeliveries: () => deliveries.hold(),
    releaseDeliveries: (order) => deliveries.release(order),
    saveDefaultPortalConfiguration: () => saveDefaultPortalConfiguration(world),
    deliveriesSettled: (eventIds, timeoutMs = 10_000) =>
      deliveries.settled(eventIds ?? state.events.map((event) => event.id), timeoutMs),
    reset: () => {
      for (const map of Object.values(state)) if (map instanceof Map) map.clear();
      state.events = [];
      invoiceCount = 0;
      deliveries.reset();
    },
  };
  return world;
};
