import { PAYMENT_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, stripeEvents } from '../src/db/schema';
import { createStripeWebhook } from '../src/lib/clients/payments/create-stripe-webhook';
import {
  registerSandboxWebhook,
  WEBHOOK_EVENTS,
  webhookUrlOf,
} from '../src/lib/clients/payments/register-sandbox-webhook';
import { seedUser } from './support/factories';
import type { Harness } from './support/harness';
import {
  balanceOf,
  buyPremium,
  customerRowOf,
  ledgerOf,
  sandboxStripe,
  startListeningHarness,
  stripePeriodOf,
  subscriptionRow,
  tierOf,
} from './support/payments-support';

/**
 * Stripe as it really behaves, against the bundled sandbox delivering to the listening app: events in
 * the account's older default API version (an endpoint made in the Dashboard), delivered in any order
 * with equal seconds, customers deleted in Stripe, and a fresh account without a portal configuration.
 */
let h: Harness;
beforeAll(async () => {
  h = await startListeningHarness();
}, 60_000);
afterAll(() => h.close());

const stripe = () => sandboxStripe(h);
const sdk = () => h.deps.payments.stripe();

const settle = async (eventIds?: string[]) => {
  expect(await stripe().deliveriesSettled(eventIds, 15_000)).toBe(true);
};

const planCredits = async (userId: string) =>
  (await ledgerOf(h, userId)).filter((entry) => entry.reason === 'plan_credits');

/** The types of the deliveries that reached the app, in the order they did. */
const deliveredTypes = (eventIds: string[]) =>
  stripe()
    .deliveries()
    .filter((delivery) => eventIds.includes(delivery.eventId) && delivery.attempts.length > 0)
    .sort((a, b) => (a.attempts[0]?.at.getTime() ?? 0) - (b.attempts[0]?.at.getTime() ?? 0))
    .map((delivery) => delivery.eventType);

describe('the app’s own endpoint', () => {
  it('is registered through the API with the pinned version, so its events come in that shape', () => {
    const endpoints = stripe().webhookEndpoints();
    expect(endpoints.map((endpoint) => endpoint.api_version)).toEqual(['2026-03-25.dahlia']);
    // Registered at start by a plain form POST, without the SDK: the app's URL and every event it handles.
    expect(endpoints[0]).toMatchObject({
      url: webhookUrlOf(h.config.appOrigin),
      enabled_events: [...WEBHOOK_EVENTS],
      description: 'Sales Assist fulfilment',
    });
  });

  it('registering again changes nothing; a refused registration says why; real Stripe registers nothing', async () => {
    const api = h.deps.payments.sandboxApi;
    if (!api) throw new Error('the harness runs payments in sandbox mode');
    await registerSandboxWebhook(h.deps.payments, h.config.appOrigin, 5000);
    expect(stripe().webhookEndpoints()).toHaveLength(1);
    await expect(
      registerSandboxWebhook(
        { sandboxApi: { ...api, secretKey: 'sk_test_unknown' } },
        h.config.appOrigin,
        5000,
      ),
    ).rejects.toThrow(/^HTTP 401: /);
    await registerSandboxWebhook({ sandboxApi: null }, 'http://127.0.0.1:2', 5000);
    expect(stripe().webhookEndpoints()).toHaveLength(1);
  });

  it('the operator’s command makes one at APP_ORIGIN with the pinned version, once, and gives its secret', async () => {
    const origin = 'http://127.0.0.1:1';
    const made = await createStripeWebhook(await sdk(), origin);
    expect(made).toMatchObject({
      created: true,
      url: `${origin}/api/stripe/webhook`,
      secret: expect.stringMatching(/^whsec_/),
    });
    const endpoint = await (await sdk()).webhookEndpoints.retrieve(made.id);
    expect(endpoint).toMatchObject({ api_version: '2026-03-25.dahlia', enabled_events: [...WEBHOOK_EVENTS] });
    expect(await createStripeWebhook(await sdk(), origin)).toEqual({
      created: false,
      id: made.id,
      url: `${origin}/api/stripe/webhook`,
      apiVersion: '2026-03-25.dahlia',
    });
    await (await sdk()).webhookEndpoints.del(made.id);
  });
});

describe('an endpoint made in the Dashboard: the account’s older API version, any order', () => {
  it('an old-shape invoice.paid before the subscription is known grants 500 of 500; created (incomplete) after updated (active) keeps Premium; replays change nothing', async () => {
    // The operator's endpoint, as the Dashboard makes it: no api_version, so the account's default.
    const url = webhookUrlOf(h.config.appOrigin);
    for (const endpoint of (await (await sdk()).webhookEndpoints.list()).data)
      await (await sdk()).webhookEndpoints.del(endpoint.id);
    const dashboard = await (await sdk()).webhookEndpoints.create({
      url,
      enabled_events: [...WEBHOOK_EVENTS],
    });
    expect(dashboard.api_version).toBeNull();

    const user = await seedUser(h, { tier: 'Basic' });
    const before = await balanceOf(h, user.user.id);
    stripe().holdDeliveries();
    const bought = await buyPremium(h, user);
    const events = stripe()
      .events()
      .filter((event) => bought.eventIds.includes(event.id));
    // Stripe's own order (the customer was made by the app before), all in one second.
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    expect(new Set(events.map((event) => event.created)).size).toBe(1);
    // Delivered the other way round, the invoice first.
    stripe().releaseDeliveries({ order: 'reverse', first: ['invoice.paid'] });
    await settle(bought.eventIds);
    expect(deliveredTypes(bought.eventIds)).toEqual([
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.updated',
      'customer.subscription.created',
    ]);
    expect(
      stripe()
        .deliveries()
        .filter((delivery) => bought.eventIds.includes(delivery.eventId))
        .map((delivery) => delivery.state),
    ).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);

    expect(await planCredits(user.user.id)).toEqual([
      { amount: 500, reason: 'plan_credits', reference: bought.invoiceId },
    ]);
    expect(await balanceOf(h, user.user.id)).toBe(before + 500);
    expect(await tierOf(h, user.user.id)).toBe('Premium');
    const period = await stripePeriodOf(h, bought.subscriptionId);
    expect(await subscriptionRow(h, bought.subscriptionId)).toMatchObject({
      status: 'active',
      planId: 'premium',
      interval: 'month',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
    });
    const handled = await h.deps.db.select().from(stripeEvents);
    expect(handled.filter((row) => bought.eventIds.includes(row.id))).toHaveLength(4);

    // Every event sent again (Stripe retries, a second endpoint): nothing changes.
    for (const id of bought.eventIds) stripe().redeliver(id);
    await settle(bought.eventIds);
    expect(await balanceOf(h, user.user.id)).toBe(before + 500);
    expect(await tierOf(h, user.user.id)).toBe('Premium');
    expect((await subscriptionRow(h, bought.subscriptionId))?.status).toBe('active');
  }, 30_000);

  it('a renewal’s events in any order: the period and credits of the renewal, never the old period back', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    const bought = await buyPremium(h, user);
    await settle(bought.eventIds);
    const first = await stripePeriodOf(h, bought.subscriptionId);
    stripe().holdDeliveries();
    // Cancel at the period's end and take it back (two updates), then the renewal (update, invoice).
    await (await sdk()).subscriptions.update(bought.subscriptionId, { cancel_at_period_end: true });
    await (await sdk()).subscriptions.update(bought.subscriptionId, { cancel_at_period_end: false });
    stripe().renewSubscription(bought.subscriptionId);
    stripe().releaseDeliveries({ order: 'reverse' });
    await settle();
    const second = await stripePeriodOf(h, bought.subscriptionId);
    expect(second.start).toEqual(first.end);
    expect(await subscriptionRow(h, bought.subscriptionId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: second.start,
      currentPeriodEnd: second.end,
    });
    expect((await planCredits(user.user.id)).map((entry) => entry.amount)).toEqual([500, 500]);
  }, 30_000);
});

describe('a customer deleted in Stripe', () => {
  it('is replaced by a new one at the next checkout, which then works', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    const bought = await buyPremium(h, user);
    await settle(bought.eventIds);
    expect((await customerRowOf(h, user.user.id))?.stripeCustomerId).toBe(bought.customerId);

    // Deleted in the Dashboard: its subscription ends with it.
    await (await sdk()).customers.del(bought.customerId);
    await settle();
    expect(await tierOf(h, user.user.id)).toBe('Basic');
    expect(await (await sdk()).customers.retrieve(bought.customerId)).toMatchObject({ deleted: true });
    // Its portal is gone too: as without a customer.
    const portal = await h.call('POST', '/api/billing-portal', { token: user.accessToken });
    expect(portal.statusCode).toBe(404);
    expect(portal.json()).toMatchObject({ message: PAYMENT_MESSAGES.noCustomer });

    const again = await buyPremium(h, user);
    await settle(again.eventIds);
    expect(again.customerId).not.toBe(bought.customerId);
    expect((await customerRowOf(h, user.user.id))?.stripeCustomerId).toBe(again.customerId);
    const customer = await (await sdk()).customers.retrieve(again.customerId);
    expect(customer).toMatchObject({ email: user.email, metadata: { user_id: user.user.id } });
    expect(await tierOf(h, user.user.id)).toBe('Premium');
    expect((await planCredits(user.user.id)).map((entry) => entry.reference)).toEqual([
      bought.invoiceId,
      again.invoiceId,
    ]);
  }, 30_000);

  it('Stripe forgetting the id (resource_missing) replaces it the same way', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    const bought = await buyPremium(h, user);
    await settle(bought.eventIds);
    // An id this account never had (another account's, or a restored backup's).
    const forgotten = `cus_gone_${user.user.id.slice(0, 8)}`;
    await h.deps.db
      .update(billingCustomers)
      .set({ stripeCustomerId: forgotten })
      .where(eq(billingCustomers.userId, user.user.id));
    await (await sdk()).subscriptions.cancel(bought.subscriptionId);
    await settle();
    const checkout = await h.call('POST', '/api/checkout', {
      token: user.accessToken,
      body: { kind: 'credits', pack_id: 'credits-500' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const row = await customerRowOf(h, user.user.id);
    expect(row?.stripeCustomerId).toMatch(/^cus_/);
    expect(row?.stripeCustomerId).not.toBe(forgotten);
    const session = await (await sdk()).checkout.sessions.retrieve(checkout.json().id);
    expect(session.customer).toBe(row?.stripeCustomerId);
  }, 30_000);
});

describe('the customer portal on a fresh Stripe account', () => {
  it('opens: the app makes its portal configuration once (cancel at period end, card, invoices) and uses it', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    const bought = await buyPremium(h, user);
    await settle(bought.eventIds);
    // The account has no default configuration: Stripe refuses a session that names none.
    expect((await (await sdk()).billingPortal.configurations.list({ is_default: true })).data).toEqual([]);
    await expect(
      (await sdk()).billingPortal.sessions.create({ customer: bought.customerId }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('No configuration provided'),
    });
    const first = await h.call('POST', '/api/billing-portal', { token: user.accessToken });
    expect(first.statusCode, first.body).toBe(200);
    const second = await h.call('POST', '/api/billing-portal', { token: user.accessToken });
    expect(second.statusCode).toBe(200);
    const configurations = (await (await sdk()).billingPortal.configurations.list()).data;
    expect(configurations).toHaveLength(1);
    expect(configurations[0]).toMatchObject({
      active: true,
      is_default: false,
      metadata: { made_by: 'sales-assist' },
      features: {
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'at_period_end' },
        subscription_update: { enabled: false },
      },
    });
    // The link works: the portal shows the plan.
    const opened = await fetch(first.json().url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
  }, 30_000);
});
