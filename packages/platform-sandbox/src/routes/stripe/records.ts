import type { AcceptedCard } from './cards';
import type { StripeEvent } from './event';
import type { PortalConfigurationRecord } from './portal-configuration-record';
import type { SavedDeliveries, WebhookEndpointRecord } from './webhooks';

/**
 * The records of the simulated Stripe account, as the world keeps and saves them: customers, prices,
 * Checkout sessions, payment methods and intents, subscriptions, invoices, webhook endpoints and portal
 * sessions. Each record's file (customers.ts, prices.ts, checkout-sessions.ts, subscriptions.ts,
 * invoices.ts) renders it as an object of API version 2026-03-25.dahlia and changes it as Stripe does.
 */

export const API_VERSION = '2026-03-25.dahlia';
/** The account's public name, shown on the checkout and portal pages as Stripe shows the business name. */
export const ACCOUNT_NAME = 'Sales Assist';

export type StripeApp = { secretKey: string; publishableKey: string; webhookSecret: string };
export type Interval = 'day' | 'week' | 'month' | 'year';
export type Metadata = Record<string, string>;
export type RequestRef = { id: string | null; idempotency_key: string | null };
export const NO_REQUEST: RequestRef = { id: null, idempotency_key: null };

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
