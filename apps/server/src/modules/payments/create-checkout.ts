import {
  PAYMENT_MESSAGES,
  PAYMENT_SUCCESS_PATH,
  type TCreateCheckoutRequest,
  type TCreateCheckoutResponse,
  ZCreateCheckoutRequest,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { checkoutSessions, creditPacks, plans } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { stripeCall } from '../../lib/clients/payments/stripe-call';
import { ensureCustomer } from './billing-customer';
import { creditsOf, holdingSubscriptionOf, isFree, priceOf } from './plan-catalogue';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments'>;

/** What a checkout sells, decided from our data before Stripe is asked for anything. */
type Sale = {
  mode: 'subscription' | 'payment';
  kind: 'plan' | 'credits';
  planId: string | null;
  interval: 'month' | 'year' | null;
  creditPackId: string | null;
  credits: number;
  amountCents: number;
  currency: string;
  description: string;
  /**
   * The Stripe product's name: the plan's alone ("Premium"), since a subscription keeps its product when
   * it switches interval (its invoices then read "Premium (at $470.00 / year)", not "Premium, monthly").
   */
  productName: string;
  /** Also on the subscription, so every later event of it names the account and the plan. */
  metadata: Record<string, string>;
};

const INTERVAL_WORDS = { month: 'monthly', year: 'annual' } as const;

const saleOf = async (deps: Deps, userId: string, request: TCreateCheckoutRequest): Promise<Sale> => {
  if (request.kind === 'credits') {
    const [pack] = await deps.db
      .select()
      .from(creditPacks)
      .where(and(eq(creditPacks.id, request.pack_id), eq(creditPacks.active, true)));
    if (!pack) throw notFound(PAYMENT_MESSAGES.packNotFound);
    return {
      mode: 'payment',
      kind: 'credits',
      planId: null,
      interval: null,
      creditPackId: pack.id,
      credits: pack.credits,
      amountCents: pack.priceCents,
      currency: pack.currency,
      description: pack.name,
      productName: pack.name,
      metadata: { user_id: userId, kind: 'credits', pack_id: pack.id },
    };
  }
  const [plan] = await deps.db
    .select()
    .from(plans)
    .where(and(eq(plans.id, request.plan_id), eq(plans.active, true)));
  if (!plan) throw notFound(PAYMENT_MESSAGES.planNotFound);
  const interval = request.interval;
  if (isFree(plan) || priceOf(plan, interval) <= 0)
    throw new AppError(400, 'free_plan', PAYMENT_MESSAGES.freePlan);
  // One subscription per account: a change of plan or interval switches that subscription
  // (POST /api/subscription/change, prorated) rather than billing a second one beside it.
  const holding = await holdingSubscriptionOf(deps.db, userId);
  if (holding)
    throw conflict(
      holding.planId === plan.id && holding.interval === interval
        ? PAYMENT_MESSAGES.alreadySubscribed
        : PAYMENT_MESSAGES.changeInPortal,
    );
  return {
    mode: 'subscription',
    kind: 'plan',
    planId: plan.id,
    interval,
    creditPackId: null,
    credits: creditsOf(plan, interval),
    amountCents: priceOf(plan, interval),
    currency: plan.currency,
    description: `${plan.name}, ${INTERVAL_WORDS[interval]}`,
    productName: plan.name,
    metadata: { user_id: userId, kind: 'plan', plan_id: plan.id, interval },
  };
};

/**
 * POST /api/checkout: opens an embedded Checkout Session for a plan or a credit pack, priced inline from
 * our plans and packs (no Price objects to keep in step at Stripe), and keeps what it sells. Nothing is
 * granted here: only the signed webhook fulfils (fulfil-checkout.ts).
 */
export const createCheckout = async (
  deps: Deps,
  user: { id: string; email: string },
  input: TCreateCheckoutRequest,
): Promise<TCreateCheckoutResponse> => {
  const request = ZCreateCheckoutRequest.parse(input);
  const sale = await saleOf(deps, user.id, request);
  const customer = await stripeCall(() => ensureCustomer(deps.db, deps.payments, user));
  const item: Stripe.Checkout.SessionCreateParams.LineItem = {
    quantity: 1,
    price_data: {
      currency: sale.currency,
      unit_amount: sale.amountCents,
      product_data: { name: sale.productName },
      ...(sale.interval ? { recurring: { interval: sale.interval } } : {}),
    },
  };
  // A double click within the same minute opens the same session rather than two. The customer is in the
  // key: one replaced since (deleted in Stripe) makes another request, which Stripe would refuse to replay.
  const minute = Math.floor(deps.clock.now().getTime() / 60_000);
  const session = await stripeCall(async () =>
    (await deps.payments.stripe()).checkout.sessions.create(
      {
        ui_mode: 'embedded_page',
        mode: sale.mode,
        customer,
        client_reference_id: user.id,
        line_items: [item],
        metadata: sale.metadata,
        ...(sale.mode === 'subscription'
          ? { subscription_data: { metadata: sale.metadata } }
          : {
              payment_intent_data: { metadata: sale.metadata },
              // A one-off payment has no invoice unless Checkout is asked for one, and the portal's billing
              // history lists invoices only: without it a credit pack bought would be missing there.
              invoice_creation: {
                enabled: true,
                invoice_data: { description: sale.description, metadata: sale.metadata },
              },
            }),
        return_url: `${deps.config.appOrigin}${PAYMENT_SUCCESS_PATH}/{CHECKOUT_SESSION_ID}`,
      },
      {
        idempotencyKey: `checkout-${user.id}-${customer}-${sale.kind}-${sale.planId ?? sale.creditPackId}-${sale.interval ?? 'once'}-${sale.amountCents}-${minute}`,
      },
    ),
  );
  await deps.db
    .insert(checkoutSessions)
    .values({
      id: session.id,
      userId: user.id,
      kind: sale.kind,
      planId: sale.planId,
      interval: sale.interval,
      creditPackId: sale.creditPackId,
      credits: sale.credits,
      amountCents: sale.amountCents,
      currency: sale.currency,
      description: sale.description,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing();
  return { id: session.id };
};
