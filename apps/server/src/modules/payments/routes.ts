import {
  ZBillingPortalResponse,
  ZChangeSubscriptionRequest,
  ZChangeSubscriptionResponse,
  ZCheckoutIdParams,
  ZCheckoutSessionResponse,
  ZCreateCheckoutRequest,
  ZCreateCheckoutResponse,
  ZErrorBody,
  ZPricingResponse,
  ZSessionStatusQuery,
  ZSessionStatusResponse,
  ZStripeWebhookAnswer,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { tooManyRequests } from '../../http/errors';
import { billingPortalOf } from './billing-portal';
import { changeSubscription } from './change-subscription';
import { checkoutSessionOf, sessionStatusOf } from './checkout-session';
import { createCheckout } from './create-checkout';
import { pricingOf } from './pricing';
import { receiveWebhook } from './receive-webhook';

const tags = ['payments'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody };

/** Stripe's events are a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Per sending address and minute: far above Stripe's pace, low enough that a flood costs little. */
const WEBHOOK_CALLS_PER_MINUTE = 600;

/** Counts calls per address in the current minute (in memory: a refused event is retried by Stripe). */
const perMinuteLimit = (limit: number, now: () => number) => {
  let minute = -1;
  const counts = new Map<string, number>();
  return (address: string): void => {
    const current = Math.floor(now() / 60_000);
    if (current !== minute) {
      minute = current;
      counts.clear();
    }
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    if (count > limit) throw tooManyRequests(60 - ((now() / 1000) % 60));
  };
};

export const paymentsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/pricing',
      {
        schema: {
          tags,
          summary:
            'The plans at each interval (monthlyPlans, annualPlans), the credit packs, and the caller’s plan and balance',
          response: { 200: ZPricingResponse, 401: ZErrorBody },
        },
      },
      (request) => pricingOf(deps, callerOf(request).user.id),
    );

    app.post(
      '/checkout',
      {
        schema: {
          tags,
          summary:
            'Opens an embedded Stripe Checkout for a plan at an interval or a credit pack; answers the session id for /checkout/{id}',
          body: ZCreateCheckoutRequest,
          response: { 200: ZCreateCheckoutResponse, ...errors, 409: ZErrorBody, 502: ZErrorBody },
        },
      },
      (request) => {
        const { user } = callerOf(request);
        return createCheckout(deps, { id: user.id, email: user.email }, request.body);
      },
    );

    app.get(
      '/checkout/:id',
      {
        schema: {
          tags,
          summary:
            'What the embedded Checkout needs to mount (client secret, publishable key, Stripe.js); owner only',
          params: ZCheckoutIdParams,
          response: { 200: ZCheckoutSessionResponse, ...errors, 502: ZErrorBody },
        },
      },
      (request) => checkoutSessionOf(deps, callerOf(request).user.id, request.params.id),
    );

    app.get(
      '/session-status',
      {
        schema: {
          tags,
          summary:
            'Spec §7: the payment’s status at Stripe and what it gave (fulfilled by the webhook, credits added, plan and balance now); owner only',
          querystring: ZSessionStatusQuery,
          response: { 200: ZSessionStatusResponse, ...errors, 502: ZErrorBody },
        },
      },
      (request) => sessionStatusOf(deps, callerOf(request).user.id, request.query.session_id),
    );

    app.post(
      '/billing-portal',
      {
        schema: {
          tags,
          summary: 'A link to Stripe’s customer portal (cancel, update the card); back to /plan',
          response: { 200: ZBillingPortalResponse, ...errors, 502: ZErrorBody },
        },
      },
      (request) => billingPortalOf(deps, callerOf(request).user.id),
    );

    app.post(
      '/subscription/change',
      {
        schema: {
          tags,
          summary:
            'Switches the caller’s subscription to another paid plan or interval: the difference is charged now (prorated), the plan follows by webhook',
          body: ZChangeSubscriptionRequest,
          response: {
            200: ZChangeSubscriptionResponse,
            ...errors,
            402: ZErrorBody,
            409: ZErrorBody,
            502: ZErrorBody,
          },
        },
      },
      (request) => changeSubscription(deps, callerOf(request).user.id, request.body),
    );

    // The webhook reads its body as bytes: the signature covers the exact payload Stripe sent.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      const limit = perMinuteLimit(WEBHOOK_CALLS_PER_MINUTE, () => Date.now());
      scope.post(
        '/stripe/webhook',
        {
          config: { access: 'public' },
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags,
            summary:
              'Stripe’s events (Stripe-Signature verified on the raw body); each fulfilled once, unknown types answered and ignored',
            headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
            response: {
              200: ZStripeWebhookAnswer,
              400: ZErrorBody,
              413: ZErrorBody,
              429: ZErrorBody,
              // Stripe could not be read: the event is not recorded, and Stripe delivers it again.
              503: ZErrorBody,
            },
          },
        },
        (request) => {
          limit(request.ip);
          return receiveWebhook(deps, request.body, request.headers['stripe-signature'], request.log);
        },
      );
    });
  };
