import { randomBytes } from 'node:crypto';
import type { PlatformSandboxContext } from '../../context';
import type { StripeEvent } from './event';
import type { PortalConfigurationRecord } from './portal-configuration-record';
import {
  API_VERSION,
  type CustomerRecord,
  type EndpointRecord,
  type IdempotentAnswer,
  type InvoiceRecord,
  NO_REQUEST,
  type PaymentIntentRecord,
  type PaymentMethodRecord,
  type PortalRecord,
  type PriceRecord,
  type RequestRef,
  type SessionRecord,
  type StripeApp,
  type SubscriptionRecord,
} from './records';
import { createWebhookDeliveries, type WebhookDeliveries } from './webhooks';

/** How long events (and their deliveries) are kept, as Stripe keeps them. */
const EVENT_DAYS = 30;

/** The account's records by id (events in the order they happened). */
export type StripeState = {
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

/** Records an event and sends it to the endpoints listening for it. */
export type Emit = (
  type: string,
  object: Record<string, unknown>,
  previous?: Record<string, unknown>,
  request?: RequestRef,
) => StripeEvent;

/**
 * What every record's code works on: the account's state, its keys, the clock, ids, and the events it
 * sends. The world (world.ts) is this with the control and the API's operations on top.
 */
export type StripeCore = {
  readonly ctx: PlatformSandboxContext;
  state: StripeState;
  /** The account's keys (the control's app()). */
  keys: StripeApp;
  /** Numbers the account's invoices (kept with the world). */
  invoiceCount: number;
  webhookDeliveries: WebhookDeliveries;
  unix(): number;
  newId(prefix: string): string;
  /** The record `id` of `map`, or Stripe's "No such …" error. */
  need<T>(map: Map<string, T>, kind: string, id: string): T;
  emit: Emit;
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

export const clone = <T>(value: T): T => structuredClone(value);
export const missing = (kind: string, id: string) => new Error(`No such ${kind}: '${id}'`);

export const createStripeCore = (ctx: PlatformSandboxContext): StripeCore => {
  const state: StripeState = {
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
  const emit: Emit = (type, object, previous, request = NO_REQUEST) => {
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
  return {
    ctx,
    state,
    keys: newApp(),
    invoiceCount: 0,
    webhookDeliveries: deliveries,
    unix,
    newId,
    need: (map, kind, id) => {
      const found = map.get(id);
      if (!found) throw missing(kind, id);
      return found;
    },
    emit,
  };
};
