import { PAYMENT_MESSAGES, PLAN_LIMITS } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, checkoutSessions, notices, planUsage } from '../src/db/schema';
import { createPayments } from '../src/lib/clients/payments/create-payments';
import { PAYMENT_FAILED_NOTICE } from '../src/modules/payments/fulfil-invoice';
import { takePlanUnits } from '../src/modules/plan-limits/take-plan-units';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  anEvent,
  balanceOf,
  buyPremium,
  eventOf,
  handledEvents,
  ledgerOf,
  newId,
  postEvent,
  sandboxEvents,
  sandboxStripe,
  stopSandboxDeliveries,
  stripePeriodOf,
  subscriptionRow,
  tierOf,
} from './support/payments-support';

/**
 * The webhook against the bundled sandbox's Stripe: its deliveries are stopped, and each test posts the
 * events Stripe made (signed as Stripe signs them) in the order it wants. The app reads every object
 * from Stripe, so the events name real subscriptions and invoices.
 */
let h: Harness;
/** The sandbox's clock runs this far behind, so a first period can lie in the past. */
let sandboxLagMs = 0;
beforeAll(async () => {
  h = await startHarness({ engine: false, sandboxNow: () => new Date(Date.now() - sandboxLagMs) });
  await stopSandboxDeliveries(h);
}, 60_000);
afterAll(() => h.close());

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const stripe = () => sandboxStripe(h);
/** New accounts are Basic; a paid subscription makes them Premium. */
const basicUser = (): Promise<SeededUser> => seedUser(h, { tier: 'Basic' });

/** Posts events and expects each handled. */
const handle = async (
  ...events: { id: string; type: string; data: { object: Record<string, unknown> } }[]
) => {
  for (const event of events) {
    const response = await postEvent(h, event);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'handled' });
  }
};

/** Premium monthly bought through Checkout; its events are the test's to post. */
const subscribed = async (user: SeededUser, options: { interval?: 'month' | 'year' } = {}) => {
  const bought = await buyPremium(h, user, options);
  const events = sandboxEvents(h, bought.eventIds);
  return { ...bought, events, event: (type: string) => eventOf(events, type) };
};

/** Every event of a purchase posted, in order: the account is Premium. */
const premiumUser = async () => {
  const user = await basicUser();
  const sub = await subscribed(user);
  await handle(...sub.events.filter((event) => event.type !== 'customer.created'));
  expect(await tierOf(h, user.user.id)).toBe('Premium');
  return { user, sub };
};

describe('the webhook refuses what Stripe did not sign, and changes nothing', () => {
  it('forged, missing, tampered and stale signatures are 400 with the message', async () => {
    const user = await basicUser();
    const sub = await subscribed(user);
    const event = sub.event('customer.subscription.updated');
    const attempts = [
      await postEvent(h, event, { secret: 'whsec_someone_else' }),
      await postEvent(h, event, { signature: null }),
      await postEvent(h, event, { payload: JSON.stringify(event).replace('"active"', '"trialing"') }),
      await postEvent(h, event, { timestamp: nowSeconds() - 600 }),
      await postEvent(h, event, { signature: 't=1,v1=00' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_signature', message: PAYMENT_MESSAGES.badSignature });
    }
    expect(await handledEvents(h, event.id)).toBe(0);
    expect(await subscriptionRow(h, sub.subscriptionId)).toBeUndefined();
    expect(await tierOf(h, user.user.id)).toBe('Basic');
    // The same event, signed: taken.
    expect((await postEvent(h, event)).statusCode).toBe(200);
    expect(await tierOf(h, user.user.id)).toBe('Premium');
  });

  it('an event type fulfilment does not use is answered and not kept', async () => {
    const event = anEvent('customer.created', { id: 'cus_x', object: 'customer' }, nowSeconds());
    const response = await postEvent(h, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await handledEvents(h, event.id)).toBe(0);
  });

  it('a body far larger than any Stripe event is refused before it is read', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: `{"id":"evt_big","pad":"${'x'.repeat(300 * 1024)}"}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('a body that is not JSON but is signed is still refused unless its signature matches', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: 'not json',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=abc' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a subscription through its life', () => {
  it('created → Premium with its period; invoice.paid → 500 credits once, however often it comes', async () => {
    const user = await basicUser();
    const before = await balanceOf(h, user.user.id);
    const sub = await subscribed(user);
    // The created event shows it incomplete; Stripe's current state (active) is what counts.
    expect(sub.event('customer.subscription.created').data.object.status).toBe('incomplete');
    await handle(sub.event('customer.subscription.created'));
    expect(await tierOf(h, user.user.id)).toBe('Premium');
    const period = await stripePeriodOf(h, sub.subscriptionId);
    expect(await subscriptionRow(h, sub.subscriptionId)).toMatchObject({
      userId: user.user.id,
      planId: 'premium',
      interval: 'month',
      status: 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
    });

    const paid = sub.event('invoice.paid');
    expect((await postEvent(h, paid)).json()).toMatchObject({ outcome: 'handled' });
    // Replayed (the same event again).
    expect((await postEvent(h, paid)).json()).toMatchObject({ outcome: 'duplicate' });
    // The same invoice under another event id (a second endpoint's copy) pays nothing more either.
    const copy = { ...paid, id: newId('evt') };
    expect((await postEvent(h, copy)).json()).toMatchObject({ outcome: 'handled' });
    expect(await balanceOf(h, user.user.id)).toBe(before + 500);
    expect((await ledgerOf(h, user.user.id)).filter((entry) => entry.reason === 'plan_credits')).toEqual([
      { amount: 500, reason: 'plan_credits', reference: sub.invoiceId },
    ]);

    const usage = (await h.call('GET', '/api/plan_usage', { token: user.accessToken })).json();
    expect(usage).toMatchObject({
      subscription_type: 'Premium',
      counted_per: 'subscription_period',
      period: period.start.toISOString().slice(0, 10),
      resets_on: period.end.toISOString().slice(0, 10),
      totalData: PLAN_LIMITS.Premium,
    });
  });

  it('a late or altered payload never undoes Stripe’s state: the state is read from Stripe', async () => {
    const { user, sub } = await premiumUser();
    await (await h.deps.payments.stripe()).subscriptions.update(sub.subscriptionId, {
      cancel_at_period_end: true,
    });
    const cancelled = stripe()
      .events()
      .findLast((event) => event.type === 'customer.subscription.updated');
    if (!cancelled) throw new Error('no update event');
    await handle(cancelled);
    expect(await subscriptionRow(h, sub.subscriptionId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    // The purchase's created event (incomplete, not cancelling) delivered again under another id, late.
    await handle({ ...sub.event('customer.subscription.created'), id: newId('evt') });
    // A signed event whose payload says it ended, while at Stripe it holds.
    await handle({
      ...cancelled,
      id: newId('evt'),
      type: 'customer.subscription.deleted',
      data: { object: { ...cancelled.data.object, status: 'canceled' } },
    });
    expect(await subscriptionRow(h, sub.subscriptionId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect(await tierOf(h, user.user.id)).toBe('Premium');
  });

  it('renewal: invoice.paid for the next period adds the credits again, moves the period and restarts the counts', async () => {
    const user = await basicUser();
    // Bought 40 days ago: the first period ended ten days ago, the renewal opens the one that holds now.
    sandboxLagMs = 40 * DAY * 1000;
    const sub = await subscribed(user);
    await handle(...sub.events.filter((event) => event.type !== 'customer.created'));
    const first = await stripePeriodOf(h, sub.subscriptionId);
    // Units used in the first period.
    const inFirst = new Date(first.start.getTime() + DAY * 1000);
    await h.deps.db.transaction((tx) =>
      takePlanUnits(tx, { userId: user.user.id, metric: 'blogs', units: 3, now: inFirst }),
    );
    sandboxLagMs = 0;
    const before = stripe().events().length;
    stripe().renewSubscription(sub.subscriptionId);
    const renewal = stripe().events().slice(before);
    expect(renewal.map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    // Only the invoice arrives (its subscription.updated is late): it brings the period with it.
    await handle(eventOf(renewal, 'invoice.paid'));
    const second = await stripePeriodOf(h, sub.subscriptionId);
    expect(second.start).toEqual(first.end);
    const row = await subscriptionRow(h, sub.subscriptionId);
    expect(row?.currentPeriodStart).toEqual(second.start);
    expect(row?.currentPeriodEnd).toEqual(second.end);
    expect(
      (await ledgerOf(h, user.user.id))
        .filter((entry) => entry.reason === 'plan_credits')
        .map((e) => e.amount),
    ).toEqual([500, 500]);

    const usage = (await h.call('GET', '/api/plan_usage', { token: user.accessToken })).json();
    expect(usage.period).toBe(second.start.toISOString().slice(0, 10));
    expect(usage.currentData.blogs_limit).toBe(0);
    const [old] = await h.deps.db
      .select({ used: planUsage.used })
      .from(planUsage)
      .where(
        and(eq(planUsage.userId, user.user.id), eq(planUsage.period, first.start.toISOString().slice(0, 10))),
      );
    expect(old?.used).toBe(3);
    // The late update changes nothing more.
    await handle(eventOf(renewal, 'customer.subscription.updated'));
    expect((await subscriptionRow(h, sub.subscriptionId))?.currentPeriodStart).toEqual(second.start);
  });

  it('a failed payment: past due (the plan holds), a notice in the app and an e-mail, once', async () => {
    const { user, sub } = await premiumUser();
    stripe().failNextRenewal(sub.subscriptionId);
    const before = stripe().events().length;
    stripe().renewSubscription(sub.subscriptionId);
    const failed = eventOf(stripe().events().slice(before), 'invoice.payment_failed');
    expect((await postEvent(h, failed)).json()).toMatchObject({ outcome: 'handled' });
    expect((await postEvent(h, failed)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await subscriptionRow(h, sub.subscriptionId))?.status).toBe('past_due');
    expect(await tierOf(h, user.user.id)).toBe('Premium');
    const rows = await h.deps.db.select().from(notices).where(eq(notices.userId, user.user.id));
    expect(rows.map((row) => [row.kind, row.title, row.link])).toEqual([
      ['payment_failed', PAYMENT_FAILED_NOTICE.title, '/plan'],
    ]);
    const mails = await h.mails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your card payment failed');
    expect(mails[0]?.text).toContain('Update your card in the billing portal');
  });

  it('cancelled (deleted) → Basic and Basic limits, counted per calendar month again', async () => {
    const { user, sub } = await premiumUser();
    const before = stripe().events().length;
    stripe().cancelNow(sub.subscriptionId);
    await handle(eventOf(stripe().events().slice(before), 'customer.subscription.deleted'));
    expect(await tierOf(h, user.user.id)).toBe('Basic');
    const usage = (await h.call('GET', '/api/plan_usage', { token: user.accessToken })).json();
    expect(usage).toMatchObject({
      subscription_type: 'Basic',
      counted_per: 'calendar_month',
      period: new Date().toISOString().slice(0, 7),
      totalData: PLAN_LIMITS.Basic,
    });
  });

  it('an account given Premium without paying keeps it: only subscription events set the tier', async () => {
    const grandfathered = await seedUser(h, { tier: 'Premium' });
    await premiumUser();
    expect(await tierOf(h, grandfathered.user.id)).toBe('Premium');
  });
});

describe('credits per paid period', () => {
  it('an annual invoice adds twelve months of credits; an invoice Stripe does not have adds none', async () => {
    const user = await basicUser();
    const sub = await subscribed(user, { interval: 'year' });
    await handle(sub.event('invoice.paid'));
    // A signed event naming an invoice this Stripe account does not have: nothing to act on.
    const unknown = sub.event('invoice.paid');
    await handle({
      ...unknown,
      id: newId('evt'),
      data: { object: { ...unknown.data.object, id: newId('in') } },
    });
    expect((await ledgerOf(h, user.user.id)).filter((entry) => entry.reason === 'plan_credits')).toEqual([
      { amount: 6000, reason: 'plan_credits', reference: sub.invoiceId },
    ]);
    expect((await subscriptionRow(h, sub.subscriptionId))?.interval).toBe('year');
    // The limits are monthly: a year's subscription counts by the month from its start.
    const { start } = await stripePeriodOf(h, sub.subscriptionId);
    const usage = (await h.call('GET', '/api/plan_usage', { token: user.accessToken })).json();
    const startDate = DateTime.fromJSDate(start, { zone: 'utc' });
    expect(usage).toMatchObject({
      counted_per: 'subscription_period',
      period: startDate.toISODate(),
      resets_on: startDate.plus({ months: 1 }).toISODate(),
      totalData: PLAN_LIMITS.Premium,
    });
  });
});

describe('Stripe out of reach', () => {
  it('a call the user makes answers 502 with a message to try again, never 500', async () => {
    const user = await basicUser();
    await h.deps.db.insert(billingCustomers).values({ userId: user.user.id, stripeCustomerId: newId('cus') });
    const reachable = h.deps.payments;
    // Nothing listens on port 9 of this machine.
    h.deps.payments = createPayments(h.config, {
      url: 'http://127.0.0.1:9',
      app: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: reachable.webhookSecret },
    });
    try {
      const portal = await h.call('POST', '/api/billing-portal', { token: user.accessToken });
      expect(portal.statusCode).toBe(502);
      expect(portal.json()).toEqual({
        error: 'payment_provider_error',
        message: PAYMENT_MESSAGES.providerUnavailable,
      });
      const bought = await h.call('POST', '/api/checkout', {
        token: user.accessToken,
        body: { kind: 'credits', pack_id: 'credits-500' },
      });
      expect(bought.statusCode).toBe(502);
      expect(
        await h.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.user.id)),
      ).toEqual([]);
    } finally {
      h.deps.payments = reachable;
    }
  });

  it('an event that comes while Stripe cannot be read is refused (503) and not recorded; sent again, it grants', async () => {
    const user = await basicUser();
    const sub = await subscribed(user);
    const paid = sub.event('invoice.paid');
    const reachable = h.deps.payments;
    h.deps.payments = createPayments(h.config, {
      url: 'http://127.0.0.1:9',
      app: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: reachable.webhookSecret },
    });
    try {
      const refused = await postEvent(h, paid);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        error: 'payment_provider_error',
        message: PAYMENT_MESSAGES.providerUnavailable,
      });
    } finally {
      h.deps.payments = reachable;
    }
    expect(await handledEvents(h, paid.id)).toBe(0);
    expect(await tierOf(h, user.user.id)).toBe('Basic');
    // Stripe retries the delivery: now it is handled, and grants what it should.
    await handle(paid);
    expect(await tierOf(h, user.user.id)).toBe('Premium');
    expect((await ledgerOf(h, user.user.id)).filter((entry) => entry.reason === 'plan_credits')).toEqual([
      { amount: 500, reason: 'plan_credits', reference: sub.invoiceId },
    ]);
  });
});

describe('fulfilment happens once', () => {
  it('the same event delivered five times at once adds its credits once', async () => {
    const user = await basicUser();
    const sub = await subscribed(user);
    const before = await balanceOf(h, user.user.id);
    const paid = sub.event('invoice.paid');
    const answers = await Promise.all(Array.from({ length: 5 }, () => postEvent(h, paid)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = answers.map((answer) => answer.json().outcome).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'handled']);
    expect(await balanceOf(h, user.user.id)).toBe(before + 500);
    expect(await tierOf(h, user.user.id)).toBe('Premium');
  });

  it('a credit pack: checkout.session.completed adds the pack once and marks the session fulfilled', async () => {
    const user = await basicUser();
    const sessionId = newId('cs');
    await h.deps.db.insert(checkoutSessions).values({
      id: sessionId,
      userId: user.user.id,
      kind: 'credits',
      creditPackId: 'credits-1500',
      credits: 1500,
      amountCents: 4900,
      currency: 'usd',
      description: '1,500 credits',
    });
    const before = await balanceOf(h, user.user.id);
    const completed = anEvent(
      'checkout.session.completed',
      {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
      },
      nowSeconds(),
    );
    const answers = await Promise.all([postEvent(h, completed), postEvent(h, completed)]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['duplicate', 'handled']);
    expect(await balanceOf(h, user.user.id)).toBe(before + 1500);
    const [row] = await h.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(row?.status).toBe('complete');
    expect(row?.fulfilledAt).not.toBeNull();
    // An expiry arriving late does not undo a completed session.
    await postEvent(
      h,
      anEvent('checkout.session.expired', { id: sessionId, object: 'checkout.session' }, nowSeconds()),
    );
    const [after] = await h.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(after?.status).toBe('complete');
  });

  it('an unpaid completion (a bank debit on its way) adds nothing until the money arrives; an open session expires', async () => {
    const user = await basicUser();
    const [unpaid, open] = [newId('cs'), newId('cs')];
    for (const id of [unpaid, open]) {
      await h.deps.db.insert(checkoutSessions).values({
        id,
        userId: user.user.id,
        kind: 'credits',
        creditPackId: 'credits-500',
        credits: 500,
        amountCents: 1900,
        currency: 'usd',
        description: '500 credits',
      });
    }
    const before = await balanceOf(h, user.user.id);
    await postEvent(
      h,
      anEvent(
        'checkout.session.completed',
        {
          id: unpaid,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'unpaid',
        },
        nowSeconds(),
      ),
    );
    await postEvent(
      h,
      anEvent('checkout.session.expired', { id: open, object: 'checkout.session' }, nowSeconds()),
    );
    expect(await balanceOf(h, user.user.id)).toBe(before);
    const rows = await h.deps.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, user.user.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(unpaid)).toMatchObject({ status: 'complete', fulfilledAt: null });
    expect(byId.get(open)).toMatchObject({ status: 'expired', fulfilledAt: null });

    // The debit arrives: the pack is added then, once.
    const succeeded = anEvent(
      'checkout.session.async_payment_succeeded',
      { id: unpaid, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid' },
      nowSeconds(),
    );
    expect((await postEvent(h, succeeded)).json()).toMatchObject({ outcome: 'handled' });
    expect((await postEvent(h, succeeded)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await balanceOf(h, user.user.id)).toBe(before + 500);
    const [paid] = await h.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, unpaid));
    expect(paid?.fulfilledAt).not.toBeNull();
  });
});
