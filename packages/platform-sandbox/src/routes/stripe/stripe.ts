import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PlatformSandboxContext } from '../../context';
import { registerStripeApi } from './api';
import { registerCheckoutPage } from './checkout-page';
import { StripeRefusal, stripeErrorBody } from './errors';
import { stripeJsScript } from './js-script';
import { registerPortalPages } from './portal-page';
import { createStripeWorld, type StripeWorld } from './world';

export type { StripeEvent } from './event';
export type { StripeApp } from './records';
export type { WebhookDelivery } from './webhooks';
export type { StripeControl } from './world';

/** How often open Checkout sessions past their expires_at are expired (checkout.session.expired). */
const EXPIRY_SWEEP_MS = 15_000;

const ZControl = {
  complete: z.object({
    card: z.string().min(1).optional(),
    email: z.string().optional(),
    name: z.string().optional(),
  }),
  retries: z.object({ delays_ms: z.array(z.number().int().min(0).max(3_600_000)).max(10) }),
  release: z.object({
    order: z.enum(['sent', 'reverse', 'shuffle']).optional(),
    first: z.array(z.string().min(1).max(100)).max(50).optional(),
  }),
};

/**
 * Stripe for payments: the REST API at /v1 (where the SDK's paths are), the Stripe.js stand-in, the
 * checkout and customer portal pages under /stripe, and the control of the simulated account — in
 * process (the answer) and over HTTP under /__sandbox/stripe for a sandbox started on its own.
 */
export const registerStripe = (app: FastifyInstance, ctx: PlatformSandboxContext): StripeWorld => {
  const world = createStripeWorld(ctx);
  registerStripeApi(app, world);
  app.register(
    async (stripe) => {
      // Scoped to /stripe: the checkout and portal pages post plain forms.
      stripe.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      stripe.get('/v3/stripe.js', async (_req, reply) =>
        reply
          .type('application/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('access-control-allow-origin', '*')
          .send(stripeJsScript(ctx.publicUrl())),
      );
      registerCheckoutPage(stripe, world);
      registerPortalPages(stripe, world);
    },
    { prefix: '/stripe' },
  );

  const sweep = setInterval(() => world.sweepExpired(), EXPIRY_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    world.stop();
  });

  /** Control answers: a refusal in Stripe's shape (a declined card: 402), an unknown id: 404. */
  const answer = async (reply: FastifyReply, run: () => unknown) => {
    try {
      return (await run()) ?? { ok: true };
    } catch (error) {
      if (error instanceof StripeRefusal)
        return reply.code(error.status).send(stripeErrorBody(error, 'req_sandbox_control'));
      return reply.code(404).send({ error: 'not_found', message: (error as Error).message });
    }
  };
  const parsed = <T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | null => {
    const result = schema.safeParse(body ?? {});
    if (result.success) return result.data;
    void reply.code(400).send({ error: 'bad_control', message: result.error.message });
    return null;
  };
  type Id = { Params: { id: string } };

  app.get('/__sandbox/stripe', async () => ({
    app: { publishableKey: world.app().publishableKey },
    customers: world.customers(),
    checkoutSessions: world.checkoutSessions(),
    subscriptions: world.subscriptions(),
    invoices: world.invoices(),
    webhookEndpoints: world.webhookEndpoints(),
  }));
  app.get('/__sandbox/stripe/events', async () => ({ events: world.events() }));
  app.get('/__sandbox/stripe/deliveries', async () => ({ deliveries: world.deliveries() }));
  app.post<Id>('/__sandbox/stripe/checkout/:id/complete', async (req, reply) => {
    const body = parsed(ZControl.complete, req.body, reply);
    if (!body) return reply;
    return answer(reply, () => world.completeCheckout(req.params.id, body));
  });
  app.post<Id>('/__sandbox/stripe/checkout/:id/expire', async (req, reply) =>
    answer(reply, () => world.expireCheckout(req.params.id)),
  );
  app.post<Id>('/__sandbox/stripe/subscriptions/:id/renew', async (req, reply) =>
    answer(reply, () => world.renewSubscription(req.params.id)),
  );
  app.post<Id>('/__sandbox/stripe/subscriptions/:id/fail-next-renewal', async (req, reply) =>
    answer(reply, () => world.failNextRenewal(req.params.id)),
  );
  app.post<Id>('/__sandbox/stripe/subscriptions/:id/cancel-now', async (req, reply) =>
    answer(reply, () => world.cancelNow(req.params.id)),
  );
  app.post<Id>('/__sandbox/stripe/events/:id/redeliver', async (req, reply) =>
    answer(reply, () => ({ deliveries: world.redeliver(req.params.id) })),
  );
  app.post('/__sandbox/stripe/delivery-retries', async (req, reply) => {
    const body = parsed(ZControl.retries, req.body, reply);
    if (!body) return reply;
    world.setDeliveryRetries(body.delays_ms);
    return { ok: true };
  });
  app.post('/__sandbox/stripe/deliveries/hold', async () => {
    world.holdDeliveries();
    return { ok: true };
  });
  app.post('/__sandbox/stripe/deliveries/release', async (req, reply) => {
    const body = parsed(ZControl.release, req.body, reply);
    if (!body) return reply;
    world.releaseDeliveries(body);
    return { ok: true };
  });
  app.post('/__sandbox/stripe/portal/default-configuration', async () =>
    world.saveDefaultPortalConfiguration(),
  );
  app.post('/__sandbox/stripe/reset', async () => {
    world.reset();
    return { ok: true };
  });
  return world;
};
