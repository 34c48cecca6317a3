import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { premiumCheckout, sdkFor } from './test-support';

/** What tests drive: Checkout paid without a browser, renewals that pay or fail, cancellations, replays. */

let sandbox: PlatformSandbox;
let stripe: Stripe;
let now: number;
const running: PlatformSandbox[] = [];

const start = async (options: Parameters<typeof startPlatformSandbox>[0] = {}) => {
  const started = await startPlatformSandbox({ now: () => new Date(now), ...options });
  running.push(started);
  return started;
};

beforeEach(async () => {
  now = Date.parse('2026-01-31T12:00:00Z');
  sandbox = await start();
  stripe = sdkFor(sandbox);
});
afterEach(async () => {
  for (const started of running.splice(0)) await started.close();
});

const subscribe = async (interval: 'month' | 'year' = 'month', card?: string) => {
  const session = await stripe.checkout.sessions.create(
    premiumCheckout({ subscription_data: { metadata: { user_id: 'u1' } } }, interval),
  );
  sandbox.platforms.stripe.completeCheckout(session.id, card ? { card } : {});
  return (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
};
const types = () => sandbox.platforms.stripe.events().map((event) => event.type);

describe('the Stripe control', () => {
  it('renews a subscription into its next period with a paid subscription_cycle invoice', async () => {
    const id = await subscribe('month');
    const first = (await stripe.subscriptions.retrieve(id)).items.data[0];
    // Bought on January 31st: the month ends on the last day of February.
    expect(new Date((first?.current_period_end ?? 0) * 1000).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    const invoice = sandbox.platforms.stripe.renewSubscription(id) as unknown as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 4900,
      period_start: first?.current_period_end,
      parent: { subscription_details: { subscription: id, metadata: { user_id: 'u1' } } },
    });
    const renewed = await stripe.subscriptions.retrieve(id);
    expect(renewed.items.data[0]?.current_period_start).toBe(first?.current_period_end);
    expect(new Date((renewed.items.data[0]?.current_period_end ?? 0) * 1000).toISOString()).toBe(
      '2026-03-28T12:00:00.000Z',
    );
    expect(renewed.latest_invoice).toBe(invoice.id);
    expect(types().slice(-2)).toEqual(['customer.subscription.updated', 'invoice.paid']);
  });

  it('fails a renewal when told to, or with a card whose charges fail, leaving the subscription past_due', async () => {
    const id = await subscribe('year');
    sandbox.platforms.stripe.failNextRenewal(id);
    const failed = sandbox.platforms.stripe.renewSubscription(id) as unknown as Stripe.Invoice;
    expect(failed).toMatchObject({ status: 'open', amount_paid: 0, amount_due: 47000, attempt_count: 1 });
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('past_due');
    expect(types().slice(-2)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);

    const other = await subscribe('month', '4000 0000 0000 0341');
    expect((await stripe.subscriptions.retrieve(other)).status).toBe('active');
    sandbox.platforms.stripe.renewSubscription(other);
    expect((await stripe.subscriptions.retrieve(other)).status).toBe('past_due');
  });

  it('ends a subscription set to cancel at period end when the period ends, and cancels at once', async () => {
    const id = await subscribe();
    await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    sandbox.platforms.stripe.renewSubscription(id);
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('canceled');
    expect(types().at(-1)).toBe('customer.subscription.deleted');
    const other = await subscribe();
    expect(sandbox.platforms.stripe.cancelNow(other)).toMatchObject({ status: 'canceled' });
    expect(types().at(-1)).toBe('customer.subscription.deleted');
    expect(() => sandbox.platforms.stripe.renewSubscription(other)).toThrow(/has ended/);
  });

  it('refuses a declined card in completeCheckout as the page does', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      ui_mode: 'embedded_page',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1900, product_data: { name: '500 credits' } },
          quantity: 1,
        },
      ],
      customer_email: 'ada@example.com',
      return_url: 'http://app.test/payment/success/{CHECKOUT_SESSION_ID}',
    });
    expect(() => sandbox.platforms.stripe.completeCheckout(session.id, { card: '4000000000000002' })).toThrow(
      'Your card was declined.',
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const done = sandbox.platforms.stripe.completeCheckout(session.id);
    expect(done.session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: expect.stringMatching(/^pi_/),
    });
    expect(() => sandbox.platforms.stripe.completeCheckout(session.id)).toThrow('already complete');
  });

  it('keeps events for 30 days, as Stripe does', async () => {
    await subscribe();
    const early = sandbox.platforms.stripe.events().map((event) => event.id);
    now += 31 * 86_400_000;
    const customer = await stripe.customers.create({ email: 'later@example.com' });
    const kept = sandbox.platforms.stripe.events();
    expect(kept.map((event) => event.type)).toEqual(['customer.created']);
    expect(kept.some((event) => early.includes(event.id))).toBe(false);
    await expect(stripe.events.retrieve(early[0] ?? '')).rejects.toMatchObject({ statusCode: 404 });
    expect((kept[0]?.data.object as { id: string } | undefined)?.id).toBe(customer.id);
  });

  it('is driven over HTTP too, for browser journeys and other processes', async () => {
    const session = await stripe.checkout.sessions.create(
      premiumCheckout({ return_url: 'http://app.test/ok' }),
    );
    const post = (path: string, body: unknown = {}) =>
      fetch(`${sandbox.url}/__sandbox/stripe${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const declined = await post(`/checkout/${session.id}/complete`, { card: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: { message: string } }).error.message).toBe(
      'Your card was declined.',
    );
    expect((await post(`/checkout/${session.id}/complete`)).status).toBe(200);
    const subscription = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    expect((await post(`/subscriptions/${subscription}/fail-next-renewal`)).status).toBe(200);
    const renewal = (await (await post(`/subscriptions/${subscription}/renew`)).json()) as { status: string };
    expect(renewal.status).toBe('open');
    expect((await post('/subscriptions/sub_nope/renew')).status).toBe(404);
    const events = (await (await fetch(`${sandbox.url}/__sandbox/stripe/events`)).json()) as {
      events: Array<{ id: string; type: string }>;
    };
    expect(events.events.map((e) => e.type)).toContain('invoice.payment_failed');
    expect((await post(`/events/${events.events[0]?.id}/redeliver`)).status).toBe(200);
    expect((await post('/delivery-retries', { delays_ms: [-1] })).status).toBe(400);
    expect((await post(`/subscriptions/${subscription}/cancel-now`)).status).toBe(200);
    expect((await post('/deliveries/hold')).status).toBe(200);
    expect((await post('/deliveries/release', { order: 'sideways' })).status).toBe(400);
    expect((await post('/deliveries/release', { order: 'shuffle', first: ['invoice.paid'] })).status).toBe(
      200,
    );
    const saved = (await (await post('/portal/default-configuration')).json()) as { id: string };
    expect((await stripe.billingPortal.configurations.retrieve(saved.id)).is_default).toBe(true);
  });
});

describe('the Stripe account across a restart', () => {
  let dir: string;
  let receiver: Server;
  let received: string[];
  let failFirst: boolean;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stripe-sandbox-world-'));
    received = [];
    failFirst = true;
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        if (failFirst) {
          failFirst = false;
          return res.writeHead(503).end();
        }
        received.push((JSON.parse(body) as { id: string }).id);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps its keys, objects and events, and sends what was still to be delivered', async () => {
    const first = await start({ dataDir: dir, port: 0 });
    const api = sdkFor(first);
    first.platforms.stripe.setDeliveryRetries([400]);
    await api.webhookEndpoints.create({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      enabled_events: ['customer.created'],
    });
    const customer = await api.customers.create({ email: 'kept@example.com' });
    const gone = await api.customers.create({ email: 'gone@example.com' });
    await api.customers.del(gone.id);
    const portalDefault = first.platforms.stripe.saveDefaultPortalConfiguration();
    const keys = first.platforms.stripe.app();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.platforms.stripe.deliveries()[0]).toMatchObject({
      state: 'pending',
      attempts: [{ status: 503 }],
    });
    running.splice(running.indexOf(first), 1);
    await first.close();

    const second = await start({ dataDir: dir, port: 0 });
    expect(second.platforms.stripe.app()).toEqual(keys);
    expect(await sdkFor(second).customers.retrieve(customer.id)).toMatchObject({ email: 'kept@example.com' });
    expect(await sdkFor(second).customers.retrieve(gone.id)).toMatchObject({ deleted: true });
    expect((await sdkFor(second).billingPortal.configurations.list()).data.map((c) => c.id)).toEqual([
      portalDefault.id,
    ]);
    const [event] = second.platforms.stripe.events();
    expect(await second.platforms.stripe.deliveriesSettled([event?.id ?? ''], 5_000)).toBe(true);
    expect(received).toEqual([event?.id]);
    expect(second.platforms.stripe.deliveries()[0]?.attempts.map((a) => a.status)).toEqual([503, 200]);
  });
});
