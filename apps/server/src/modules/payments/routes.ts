import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
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
    app.route({
      ...callRoute(CALLS.getPricing, {
        schema: {
          tags,
          summary:
            'The plans at each interval (monthlyPlans, annualPlans), the credit packs, and the caller’s plan and balance',
          response: { 401: ZErrorBody },
        },
      }),
      handler: (request) => pricingOf(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.createCheckout, {
        schema: {
          tags,
          summary:
            'Opens an embedded Stripe Checkout for a plan at an interval or a credit pack; answers the session id for /checkout/{id}',
          response: { ...errors, 409: ZErrorBody, 502: ZErrorBody },
        },
      }),
      handler: (request) => {
        const { user } = callerOf(request);
        return createCheckout(deps, { id: user.id, email: user.email }, request.body);
      },
    });

    app.route({
      ...callRoute(CALLS.getCheckout, {
        schema: {
          tags,
          summary:
            'What the embedded Checkout needs to mount (client secret, publishable key, Stripe.js); owner only',
          response: { ...errors, 502: ZErrorBody },
        },
      }),
      handler: (request) => checkoutSessionOf(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.getSessionStatus, {
        schema: {
          tags,
          summary:
            'Spec §7: the payment’s status at Stripe and what it gave (fulfilled by the webhook, credits added, plan and balance now); owner only',
          response: { ...errors, 502: ZErrorBody },
        },
      }),
      handler: (request) => sessionStatusOf(deps, callerOf(request).user.id, request.query.session_id),
    });

    app.route({
      ...callRoute(CALLS.openBillingPortal, {
        schema: {
          tags,
          summary: 'A link to Stripe’s customer portal (cancel, update the card); back to /plan',
          response: { ...errors, 502: ZErrorBody },
        },
      }),
      handler: (request) => billingPortalOf(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.changeSubscription, {
        schema: {
          tags,
          summary:
            'Switches the caller’s subscription to another paid plan or interval: the difference is charged now (prorated), the plan follows by webhook',
          response: { ...errors, 402: ZErrorBody, 409: ZErrorBody, 502: ZErrorBody },
        },
      }),
      handler: (request) => changeSubscription(deps, callerOf(request).user.id, request.body),
    });

    // The webhook reads its body as bytes: the signature covers the exact payload Stripe sent.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      const limit = perMinuteLimit(WEBHOOK_CALLS_PER_MINUTE, () => Date.now());
      scope.route({
        ...callRoute(CALLS.receiveStripeWebhook, {
          config: { access: 'public' },
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags,
            summary:
              'Stripe’s events (Stripe-Signature verified on the raw body); each fulfilled once, unknown types answered and ignored',
            headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
            response: {
              400: ZErrorBody,
              413: ZErrorBody,
              429: ZErrorBody, // Stripe could not be read: the event is not recorded, and Stripe delivers it again.
              503: ZErrorBody,
            },
          },
        }),
        handler: (request) => {
          limit(request.ip);
          return receiveWebhook(deps, request.body, request.headers['stripe-signature'], request.log);
        },
      });
    });
  };
