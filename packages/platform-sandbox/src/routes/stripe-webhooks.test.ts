import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../index';
import { premiumCheckout, sdkFor } from './stripe-test-support';

/**
 * Signed webhook delivery: what reaches the app's endpoint is verified by the SDK's own
 * constructEvent, arrives in order, and is retried when the endpoint fails.
 */

type Received = { body: string; signature: string; event: Stripe.Event };

let sandbox: PlatformSandbox;
let stripe: Stripe;
let receiver: Server;
let received: Received[];
/** What the endpoint answers next (then 200). */
let failures: number[];
let endpointUrl: string;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeEach(async () => {
  sandbox = await startPlatformSandbox();
  stripe = sdkFor(sandbox);
  received = [];
  failures = [];
  const secret = sandbox.platforms.stripe.app().webhookSecret;
  receiver = createServer(async (req, res) => {
    const body = await readBody(req);
    const signature = String(req.headers['stripe-signature'] ?? '');
    const status = failures.shift() ?? 200;
    if (status === 200) {
      // The SDK's own check, on the raw bytes, as the app's webhook route does it.
      const event = stripe.webhooks.constructEvent(body, signature, secret);
      received.push({ body, signature, event });
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"received":true}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/stripe/webhook`;
});
afterEach(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const paidPlan = async () => {
  const session = await stripe.checkout.sessions.create(
    premiumCheckout({ subscription_data: { metadata: { user_id: 'u1' } } }, 'year'),
  );
  const done = sandbox.platforms.stripe.completeCheckout(session.id);
  await sandbox.platforms.stripe.deliveriesSettled(done.eventIds, 5_000);
  return session;
};

describe('webhook delivery', () => {
  it('signs each event so stripe.webhooks.constructEvent accepts it, and sends them in order', async () => {
    await stripe.webhookEndpoints.create({ url: endpointUrl, enabled_events: ['*'] });
    const session = await paidPlan();
    expect(received.map((r) => r.event.type)).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = received[3]?.event as Stripe.CheckoutSessionCompletedEvent;
    expect(completed).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      api_version: '2026-03-25.dahlia',
      livemode: false,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session.id, status: 'complete', payment_status: 'paid' } },
    });
    expect(received[3]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // Another secret, or altered bytes, are refused by the SDK.
    const { body, signature } = received[0] as Received;
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      stripe.webhooks.constructEvent(`${body} `, signature, sandbox.platforms.stripe.app().webhookSecret),
    ).toThrow();
    const invoicePaid = received[2]?.event as Stripe.InvoicePaidEvent;
    expect(invoicePaid.data.object.parent?.subscription_details?.metadata).toEqual({ user_id: 'u1' });
  });

  it('sends an endpoint only the events it listens for', async () => {
    await stripe.webhookEndpoints.create({
      url: endpointUrl,
      enabled_events: ['checkout.session.completed', 'invoice.paid'],
    });
    await paidPlan();
    expect(received.map((r) => r.event.type)).toEqual(['invoice.paid', 'checkout.session.completed']);
  });

  it('retries a failed delivery with backoff before sending the next event, and records every attempt', async () => {
    sandbox.platforms.stripe.setDeliveryRetries([30, 60, 120]);
    await stripe.webhookEndpoints.create({
      url: endpointUrl,
      enabled_events: ['customer.subscription.created', 'invoice.paid'],
    });
    failures = [500, 400];
    await paidPlan();
    expect(received.map((r) => r.event.type)).toEqual(['customer.subscription.created', 'invoice.paid']);
    const [first, second] = sandbox.platforms.stripe.deliveries();
    expect(first).toMatchObject({ eventType: 'customer.subscription.created', state: 'succeeded' });
    expect(first?.attempts.map((a) => a.status)).toEqual([500, 400, 200]);
    expect(first?.attempts[0]?.error).toBe('HTTP 500');
    const gap = (first?.attempts[2]?.at.getTime() ?? 0) - (first?.attempts[1]?.at.getTime() ?? 0);
    expect(gap).toBeGreaterThanOrEqual(55);
    expect(second?.attempts.map((a) => a.status)).toEqual([200]);
    expect((second?.attempts[0]?.at.getTime() ?? 0) >= (first?.attempts[2]?.at.getTime() ?? 0)).toBe(true);
  });

  it('gives up after the last retry, and an unreachable endpoint is recorded as such', async () => {
    sandbox.platforms.stripe.setDeliveryRetries([10]);
    await stripe.webhookEndpoints.create({
      url: 'http://127.0.0.1:9/nowhere',
      enabled_events: ['invoice.paid'],
    });
    await paidPlan();
    const [delivery] = sandbox.platforms.stripe.deliveries();
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toHaveLength(2);
    expect(delivery?.attempts[0]).toMatchObject({ status: null, error: expect.any(String) });
  });

  it('replays an event with the same id when asked to redeliver it', async () => {
    await stripe.webhookEndpoints.create({
      url: endpointUrl,
      enabled_events: ['checkout.session.completed'],
    });
    await paidPlan();
    const event = received[0]?.event as Stripe.Event;
    const again = sandbox.platforms.stripe.redeliver(event.id);
    await sandbox.platforms.stripe.deliveriesSettled([event.id], 5_000);
    expect(again).toHaveLength(1);
    expect(received.map((r) => r.event.id)).toEqual([event.id, event.id]);
  });

  it('answers the API without waiting for a slow endpoint', async () => {
    const slow = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      await stripe.webhookEndpoints.create({
        url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`,
        enabled_events: ['customer.subscription.updated', 'customer.subscription.deleted'],
      });
      const session = await paidPlan();
      const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
      const started = Date.now();
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      await stripe.subscriptions.cancel(subscriptionId);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(sandbox.platforms.stripe.deliveries().map((d) => d.state)).toEqual(['pending', 'pending']);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('carries the API request that caused an event', async () => {
    await stripe.webhookEndpoints.create({
      url: endpointUrl,
      enabled_events: ['customer.subscription.updated'],
    });
    const session = await paidPlan();
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const updated = await stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: true },
      { idempotencyKey: 'cancel-1' },
    );
    await sandbox.platforms.stripe.deliveriesSettled(undefined, 5_000);
    const event = received[0]?.event as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(event.request).toEqual({ id: updated.lastResponse.requestId, idempotency_key: 'cancel-1' });
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });
});
