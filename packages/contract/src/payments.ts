import { ZSubscriptionType } from './common';
import { z } from './messages';

/** A Checkout Session named in the path (Stripe's id). */
export const ZCheckoutIdParams = z.object({ id: z.string().min(1).max(255) });

/** What Stripe's webhook call is answered: received, and what became of the event. */
export const ZStripeWebhookAnswer = z.object({
  received: z.literal(true),
  outcome: z.enum(['handled', 'duplicate', 'ignored']),
});

/** Spec §2: the payment success screen's heading. */
export const PAYMENT_THANKS = 'Thanks for your payment!';

/**
 * The payment success screen: Stripe returns the buyer to `${PAYMENT_SUCCESS_PATH}/{CHECKOUT_SESSION_ID}`
 * (Checkout's return_url), and the screen calls GET /api/session-status with the id from the route.
 */
export const PAYMENT_SUCCESS_PATH = '/payment/success';

export const ZBillingInterval = z.enum(['month', 'year']);
export type TBillingInterval = z.infer<typeof ZBillingInterval>;

/** The §9 limits a plan gives each period (the spec's limit names). */
export const ZPlanLimits = z.object({
  blogs_limit: z.number().int().min(0).max(10_000),
  blogs_topic_limit: z.number().int().min(0).max(10_000),
  google_ads_limit: z.number().int().min(0).max(10_000),
  social_media_posts_limit: z.number().int().min(0).max(10_000),
});
export type TPlanLimits = z.infer<typeof ZPlanLimits>;

/** A plan at one billing interval, as the Pricing screen lists it (spec §3 pricing: monthlyPlans, annualPlans). */
export const ZPricedPlan = z.object({
  id: z.string(),
  tier: ZSubscriptionType,
  name: z.string(),
  description: z.string(),
  interval: ZBillingInterval,
  /** In the currency's smallest unit; 0: the free plan. */
  price_cents: z.number().int(),
  currency: z.string(),
  /** Credits added for each paid period (an annual payment: twelve months' worth). */
  credits: z.number().int(),
  limits: ZPlanLimits,
  /**
   * AI requests a period (docs/decisions/content-writing.md, "Model budget"); null: unlimited; absent from
   * older servers.
   */
  ai_requests_per_month: z.number().int().nullable().optional(),
  /** The caller's plan now (spec §2: "Current Plan"). */
  current: z.boolean(),
});
export type TPricedPlan = z.infer<typeof ZPricedPlan>;

export const ZCreditPack = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
});
export type TCreditPack = z.infer<typeof ZCreditPack>;

/** The caller's paid subscription, when there is one. */
export const ZCurrentSubscription = z.object({
  plan_id: z.string(),
  tier: ZSubscriptionType,
  interval: ZBillingInterval,
  status: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
});
export type TCurrentSubscription = z.infer<typeof ZCurrentSubscription>;

/** GET /api/pricing */
export const ZPricingResponse = z.object({
  monthlyPlans: z.array(ZPricedPlan),
  annualPlans: z.array(ZPricedPlan),
  creditPacks: z.array(ZCreditPack),
  subscription_type: ZSubscriptionType,
  credits: z.number().int(),
  subscription: ZCurrentSubscription.nullable(),
  /**
   * Whether the account has a billing account at Stripe (made at its first checkout), so the billing
   * portal opens on its invoices and payments, a credit pack's too (absent from older servers).
   */
  has_billing_account: z.boolean().optional(),
});
export type TPricingResponse = z.infer<typeof ZPricingResponse>;

/** POST /api/checkout: buy a plan at an interval, or a credit pack. */
export const ZCreateCheckoutRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), plan_id: z.string().min(1).max(64), interval: ZBillingInterval }),
  z.object({ kind: z.literal('credits'), pack_id: z.string().min(1).max(64) }),
]);
export type TCreateCheckoutRequest = z.input<typeof ZCreateCheckoutRequest>;

/** The session to open at /checkout/{id}. */
export const ZCreateCheckoutResponse = z.object({ id: z.string() });
export type TCreateCheckoutResponse = z.infer<typeof ZCreateCheckoutResponse>;

/** GET /api/checkout/{id}: what the embedded Checkout needs to mount (only the session's owner gets it). */
export const ZCheckoutSessionResponse = z.object({
  id: z.string(),
  client_secret: z.string(),
  publishable_key: z.string(),
  /** Where Stripe.js is loaded from: Stripe's own, or the bundled sandbox's stand-in. */
  script_url: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  description: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
});
export type TCheckoutSessionResponse = z.infer<typeof ZCheckoutSessionResponse>;

/** GET /api/session-status?session_id= (spec §7). */
export const ZSessionStatusQuery = z.object({ session_id: z.string().min(1).max(255) });

export const ZSessionStatusResponse = z.object({
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  customer_email: z.string().nullable(),
  /** Whether the webhook has added what was bought (the screen waits for it). */
  fulfilled: z.boolean(),
  kind: z.enum(['plan', 'credits']),
  description: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  credits_added: z.number().int(),
  subscription_type: ZSubscriptionType,
  credits: z.number().int(),
});
export type TSessionStatusResponse = z.infer<typeof ZSessionStatusResponse>;

/** POST /api/billing-portal: a single-use link to Stripe's customer portal (cancel, card changes). */
export const ZBillingPortalResponse = z.object({ url: z.string() });
export type TBillingPortalResponse = z.infer<typeof ZBillingPortalResponse>;

/** POST /api/subscription/change: the subscriber's plan or interval switched (the difference charged now). */
export const ZChangeSubscriptionRequest = z.object({
  plan_id: z.string().min(1).max(64),
  interval: ZBillingInterval,
});
export type TChangeSubscriptionRequest = z.infer<typeof ZChangeSubscriptionRequest>;

/**
 * Stripe has made the switch and charged the difference; the account's plan, limits and credits follow
 * when its webhooks arrive (GET /api/pricing shows the new interval then).
 */
export const ZChangeSubscriptionResponse = z.object({
  plan_id: z.string(),
  interval: ZBillingInterval,
  /** What the switch charged now (prorated: the new price less the unused time), 0 when credit paid it. */
  amount_charged_cents: z.number().int(),
  currency: z.string(),
});
export type TChangeSubscriptionResponse = z.infer<typeof ZChangeSubscriptionResponse>;

export const PAYMENT_MESSAGES = {
  planNotFound: 'This plan does not exist',
  packNotFound: 'This credit pack does not exist',
  freePlan: 'The free plan needs no payment',
  alreadySubscribed: 'You already have this plan: manage it from the billing portal',
  changeInPortal: 'You already have a subscription: switch its plan or interval on the Pricing screen',
  sessionNotFound: 'Payment session not found',
  noCustomer: 'There is no billing account yet: buy a plan or credits first',
  badSignature: 'The webhook signature is not valid',
  providerUnavailable: 'The payment service could not be reached. Please try again in a moment.',
  noSubscriptionToChange: 'You have no subscription to change: choose a plan to buy it',
  samePlanAndInterval: 'This is already your plan and billing interval',
  changeToFreePlan:
    'To move to the free plan, cancel your subscription in Manage subscription: your plan stays until the end of the period you paid for',
  changeDeclined:
    'Your card was declined, so your plan was not changed. Update your card in Manage subscription and try again.',
} as const;
