import type { PlatformSandboxContext } from '../../context';
import { type AcceptedCard, type CardInput, TEST_CARD } from './cards';
import { payCheckout } from './checkout-payment';
import { expireSession, renderLineItems, renderSession } from './checkout-sessions';
import { clone, createStripeCore, missing, type StripeCore } from './core';
import { attachCard, renderCustomer, renderPaymentIntent, renderPaymentMethod } from './customers';
import type { StripeEvent } from './event';
import { renderInvoice } from './invoices';
import { saveDefaultPortalConfiguration } from './portal-configuration-record';
import { renderPrice } from './prices';
import type {
  CompletedCheckout,
  CustomerRecord,
  EndpointRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  PriceRecord,
  RequestRef,
  SavedStripe,
  SessionRecord,
  StripeApp,
  SubscriptionRecord,
} from './records';
import { changeSubscriptionPrice, type PriceChange } from './subscription-price-change';
import {
  endSubscription,
  renderSubscription,
  renewSubscription,
  type SubscriptionUpdate,
  updateSubscription,
} from './subscriptions';
import type { ReleaseOrder, WebhookDelivery } from './webhooks';

/**
 * The simulated Stripe account behind the stand-in: customers, inline prices, Checkout sessions,
 * subscriptions, invoices, payments, portal sessions, webhook endpoints and the events sent to them.
 * Records hold the state (records.ts); each record's file renders it as an object of API version
 * 2026-03-25.dahlia (what the SDK's types describe: a subscription's period on its item, an invoice's
 * subscription under parent.subscription_details), so answers and event payloads share one shape; an
 * endpoint made without an api_version receives its events in the account's older default version
 * (api-versions.ts). This file puts them together as the world the routes and the tests use.
 */

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

export type StripeWorld = StripeControl &
  Pick<StripeCore, 'ctx' | 'state' | 'unix' | 'newId' | 'emit'> & {
    saved(): SavedStripe;
    restore(saved: SavedStripe | undefined): void;
    stop(): void;
    sweepExpired(): void;
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
    /** POST /v1/subscriptions/:id with items (subscription-price-change.ts). */
    changeSubscriptionPrice(
      subscriptionId: string,
      change: PriceChange,
      request?: RequestRef,
    ): SubscriptionRecord;
    /** POST /v1/subscriptions/:id and the portal's cancel and renew. */
    updateSubscription(
      subscriptionId: string,
      changes: SubscriptionUpdate,
      request?: RequestRef,
    ): SubscriptionRecord;
    cancelSubscription(subscriptionId: string, request?: RequestRef): SubscriptionRecord;
    expireSession(sessionId: string, request?: RequestRef): SessionRecord;
  };

/** The endpoint as the API shows it (its signing secret only in the answer to POST /v1/webhook_endpoints). */
const renderEndpoint = (e: EndpointRecord, withSecret = false): Record<string, unknown> => ({
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
});

export const createStripeWorld = (ctx: PlatformSandboxContext): StripeWorld => {
  const core = createStripeCore(ctx);
  const { state } = core;
  const render: StripeWorld['render'] = {
    customer: renderCustomer,
    price: renderPrice,
    session: (s) => renderSession(core, s),
    lineItems: (s) => renderLineItems(core, s),
    paymentMethod: renderPaymentMethod,
    paymentIntent: renderPaymentIntent,
    subscription: (s) => renderSubscription(core, s),
    invoice: (i) => renderInvoice(core, i),
    endpoint: renderEndpoint,
  };
  const world: StripeWorld = {
    ctx,
    state,
    render,
    unix: core.unix,
    newId: core.newId,
    emit: core.emit,
    attachCard: (customerId, card, details) => attachCard(core, customerId, card, details),
    payCheckout: (sessionId, card, details) => payCheckout(core, sessionId, card, details),
    expireSession: (sessionId, request) => expireSession(core, sessionId, request),
    app: () => ({ ...core.keys }),
    saved: () => ({
      app: core.keys,
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
      invoiceCount: core.invoiceCount,
      portalConfigurations: [...state.portalConfigurations.values()],
      deletedCustomers: [...state.deletedCustomers.entries()],
      ...core.webhookDeliveries.saved(),
    }),
    restore: (saved) => {
      if (!saved) return;
      core.keys = saved.app;
      core.invoiceCount = saved.invoiceCount;
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
      core.webhookDeliveries.restore(saved);
    },
    stop: () => core.webhookDeliveries.stop(),
    sweepExpired: () => {
      const now = core.unix();
      for (const session of state.sessions.values()) {
        if (session.status === 'open' && session.expiresAt <= now) expireSession(core, session.id);
      }
    },
    changeSubscriptionPrice: (subscriptionId, change, request) =>
      changeSubscriptionPrice(core, subscriptionId, change, request),
    updateSubscription: (subscriptionId, changes, request) =>
      updateSubscription(core, subscriptionId, changes, request),
    cancelSubscription: (subscriptionId, request) =>
      endSubscription(
        core,
        core.need(state.subscriptions, 'subscription', subscriptionId),
        'cancellation_requested',
        request,
      ),

    completeCheckout: (sessionId, options = {}) =>
      payCheckout(
        core,
        sessionId,
        {
          number: options.card ?? TEST_CARD,
          exp_month: 12,
          exp_year: new Date(ctx.now()).getUTCFullYear() + 3,
          cvc: '123',
        },
        { email: options.email, name: options.name ?? 'Sandbox Customer' },
      ),
    expireCheckout: (sessionId) => renderSession(core, expireSession(core, sessionId)),
    renewSubscription: (subscriptionId) => renewSubscription(core, subscriptionId),
    failNextRenewal: (subscriptionId) => {
      core.need(state.subscriptions, 'subscription', subscriptionId).failNextRenewal = true;
    },
    cancelNow: (subscriptionId) =>
      render.subscription(
        endSubscription(
          core,
          core.need(state.subscriptions, 'subscription', subscriptionId),
          'cancellation_requested',
        ),
      ),
    customers: () => [...state.customers.values()].map(render.customer),
    checkoutSessions: () => [...state.sessions.values()].map(render.session),
    subscriptions: () => [...state.subscriptions.values()].map(render.subscription),
    invoices: () => [...state.invoices.values()].map(render.invoice),
    webhookEndpoints: () => [...state.endpoints.values()].map((endpoint) => render.endpoint(endpoint)),
    events: () => clone(state.events),
    deliveries: () => core.webhookDeliveries.list(),
    redeliver: (eventId) => {
      const event = state.events.find((candidate) => candidate.id === eventId);
      if (!event) throw missing('event', eventId);
      return core.webhookDeliveries.enqueue(event, [...state.endpoints.values()]);
    },
    setDeliveryRetries: (delaysMs) => core.webhookDeliveries.setRetryDelays(delaysMs),
    holdDeliveries: () => core.webhookDeliveries.hold(),
    releaseDeliveries: (order) => core.webhookDeliveries.release(order),
    saveDefaultPortalConfiguration: () => saveDefaultPortalConfiguration(world),
    deliveriesSettled: (eventIds, timeoutMs = 10_000) =>
      core.webhookDeliveries.settled(eventIds ?? state.events.map((event) => event.id), timeoutMs),
    reset: () => {
      for (const map of Object.values(state)) if (map instanceof Map) map.clear();
      state.events = [];
      core.invoiceCount = 0;
      core.webhookDeliveries.reset();
    },
  };
  return world;
};
