import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { ACCOUNT_DEFAULT_API_VERSION } from './api-versions';
import { premiumCheckout, sdkFor } from './test-support';

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
    await stripe.webhookEndpoints.create({
      url: endpointUrl,
      enabled_events: ['*'],
      api_version: '2026-03-25.dahlia',
    });
    const session = await paidPlan();
    expect(received.map((r) => r.event.type)).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    // Made incomplete, then active once its first invoice is paid, in the same second, as Stripe does.
    expect(received.slice(1).map((r) => (r.event.data.object as { status?: string }).status)).toEqual([
      'incomplete',
      'paid',
      'active',
      'complete',
    ]);
    // The completion's four events carry one moment; the customer was made before it (in an earlier second
    // when the clock ticked in between).
    const seconds = received.map((r) => r.event.created);
    expect(new Set(seconds.slice(1)).size).toBe(1);
    expect(seconds[0]).toBeLessThanOrEqual(seconds[1] ?? 0);
    const completed = received[4]?.event as Stripe.CheckoutSessionCompletedEvent;
    expect(completed).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      api_version: '2026-03-25.dahlia',
      livemode: false,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session.id, status: 'complete', payment_status: 'paid' } },
    });
    expect(received[4]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
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

  it('renders events in the endpoint’s api_version, or the account’s older default without one (as the Dashboard makes them)', async () => {
    const dashboard = await stripe.webhookEndpoints.create({ url: endpointUrl, enabled_events: ['*'] });
    expect(dashboard.api_version).toBeNull();
    await paidPlan();
    const byType = (type: string) => received.find((r) => r.event.type === type)?.event;
    const invoicePaid = byType('invoice.paid') as Stripe.Event;
    expect(invoicePaid.api_version).toBe(ACCOUNT_DEFAULT_API_VERSION);
    const invoice = invoicePaid.data.object as unknown as Record<string, unknown>;
    // Before 2025-03-31.basil: the subscription at the top, no parent; the line's price on the line.
    expect(invoice.parent).toBeUndefined();
    expect(invoice.subscription).toMatch(/^sub_/);
    expect(invoice.subscription_details).toEqual({ metadata: { user_id: 'u1' } });
    const line = (invoice.lines as { data: Record<string, unknown>[] }).data[0];
    expect(line).toMatchObject({ proration: false, price: { id: expect.stringMatching(/^price_/) } });
    expect(line?.pricing).toBeUndefined();
    const created = byType('customer.subscription.created')?.data.object as unknown as Record<
      string,
      unknown
    >;
    expect(created.current_period_end).toEqual(expect.any(Number));
  });

  it('holds deliveries and releases them in another order', async () => {
    await stripe.webhookEndpoints.create({
      url: endpointUrl,
      enabled_events: ['*'],
      api_version: '2026-03-25.dahlia',
    });
    sandbox.platforms.stripe.holdDeliveries();
    const session = await stripe.checkout.sessions.create(premiumCheckout());
    const { eventIds } = sandbox.platforms.stripe.completeCheckout(session.id);
    expect(await sandbox.platforms.stripe.deliveriesSettled(eventIds, 300)).toBe(false);
    expect(received).toEqual([]);
    sandbox.platforms.stripe.releaseDeliveries({ order: 'reverse', first: ['invoice.paid'] });
    expect(await sandbox.platforms.stripe.deliveriesSettled(eventIds, 5_000)).toBe(true);
    expect(received.map((r) => r.event.type)).toEqual([
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.updated',
      'customer.subscription.created',
      'customer.created',
    ]);
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
      const session = await paidPlan();
      await stripe.webhookEndpoints.create({
        url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`,
        enabled_events: ['customer.subscription.updated', 'customer.subscription.deleted'],
      });
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
    const session = await paidPlan();
    await stripe.webhookEndpoints.create({
      url: endpointUrl,
      enabled_events: ['customer.subscription.updated'],
    });
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
