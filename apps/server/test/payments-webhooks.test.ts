import { PAYMENT_MESSAGES, PLAN_LIMITS } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, checkoutSessions, notices, planUsage } from '../src/db/schema';
import { createPayments } from '../src/lib/payments/create-payments';
import { PAYMENT_FAILED_NOTICE } from '../src/modules/payments/fulfil-invoice';
import { takePlanUnits } from '../src/modules/plan-limits/take-plan-units';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  anEvent,
  anInvoice,
  aSubscription,
  balanceOf,
  handledEvents,
  ledgerOf,
  newId,
  postEvent,
  subscriptionRow,
  tierOf,
} from './support/payments-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false });
}, 60_000);
afterAll(() => h.close());

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** New accounts are Basic; a paid subscription makes them Premium. */
const basicUser = (): Promise<SeededUser> => seedUser(h, { tier: 'Basic' });

/** A Premium monthly subscription, its first period around now, made by its created event. */
const subscribed = async (user: SeededUser, options: { start?: number; end?: number } = {}) => {
  const id = newId('sub');
  const start = options.start ?? nowSeconds() - 10 * DAY;
  const end = options.end ?? nowSeconds() + 20 * DAY;
  const event = anEvent(
    'customer.subscription.created',
    aSubscription({ id, userId: user.user.id, start, end }),
    start,
  );
  const response = await postEvent(h, event);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ received: true, outcome: 'handled' });
  return { id, start, end };
};

describe('the webhook refuses what Stripe did not sign, and changes nothing', () => {
  it('forged, missing, tampered and stale signatures are 400 with the message', async () => {
    const user = await basicUser();
    const subscriptionId = newId('sub');
    const event = anEvent(
      'customer.subscription.created',
      aSubscription({
        id: subscriptionId,
        userId: user.user.id,
        start: nowSeconds(),
        end: nowSeconds() + 30 * DAY,
      }),
      nowSeconds(),
    );
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
    expect(await subscriptionRow(h, subscriptionId)).toBeUndefined();
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
    expect(await tierOf(h, user.user.id)).toBe('Premium');
    const row = await subscriptionRow(h, sub.id);
    expect(row).toMatchObject({
      userId: user.user.id,
      planId: 'premium',
      interval: 'month',
      status: 'active',
      currentPeriodStart: new Date(sub.start * 1000),
      currentPeriodEnd: new Date(sub.end * 1000),
    });

    const invoiceId = newId('in');
    const paid = anEvent(
      'invoice.paid',
      anInvoice({
        id: invoiceId,
        subscriptionId: sub.id,
        userId: user.user.id,
        start: sub.start,
        end: sub.end,
      }),
      sub.start + 5,
    );
    expect((await postEvent(h, paid)).json()).toMatchObject({ outcome: 'handled' });
    // Replayed (the same event again), and redelivered while a first delivery is still running.
    expect((await postEvent(h, paid)).json()).toMatchObject({ outcome: 'duplicate' });
    // The same invoice under another event id (a second endpoint's copy) pays nothing more either.
    const copy = { ...paid, id: newId('evt') };
    expect((await postEvent(h, copy)).json()).toMatchObject({ outcome: 'handled' });
    expect(await balanceOf(h, user.user.id)).toBe(before + 500);
    expect((await ledgerOf(h, user.user.id)).filter((entry) => entry.reason === 'plan_credits')).toEqual([
      { amount: 500, reason: 'plan_credits', reference: invoiceId },
    ]);

    const usage = (await h.call('GET', '/api/plan_usage', { token: user.accessToken })).json();
    expect(usage).toMatchObject({
      subscription_type: 'Premium',
      counted_per: 'subscription_period',
      period: new Date(sub.start * 1000).toISOString().slice(0, 10),
      resets_on: new Date(sub.end * 1000).toISOString().slice(0, 10),
      totalData: PLAN_LIMITS.Premium,
    });
  });

  it('an older subscription.updated arriving after a newer one changes nothing', async () => {
    const user = await basicUser();
    const sub = await subscribed(user);
    const t = nowSeconds();
    const newer = anEvent(
      'customer.subscription.updated',
      aSubscription({
        id: sub.id,
        userId: user.user.id,
        start: sub.start,
        end: sub.end,
        cancelAtPeriodEnd: true,
      }),
      t,
    );
    const older = anEvent(
      'customer.subscription.updated',
      aSubscription({ id: sub.id, userId: user.user.id, start: sub.start, end: sub.end, status: 'past_due' }),
      t - 60,
    );
    expect((await postEvent(h, newer)).statusCode).toBe(200);
    expect((await postEvent(h, older)).json()).toMatchObject({ outcome: 'handled' });
    const row = await subscriptionRow(h, sub.id);
    expect(row?.status).toBe('active');
    expect(row?.cancelAtPeriodEnd).toBe(true);
    expect(row?.stripeUpdatedAt).toEqual(new Date(t * 1000));
    // A late "deleted" from before the newest state does not end the plan either.
    const lateDeleted = anEvent(
      'customer.subscription.deleted',
      aSubscription({ id: sub.id, userId: user.user.id, start: sub.start, end: sub.end, status: 'canceled' }),
      t - 30,
    );
    await postEvent(h, lateDeleted);
    expect(await tierOf(h, user.user.id)).toBe('Premium');
  });

  it('renewal: invoice.paid for the next period adds the credits again, moves the period and restarts the counts', async () => {
    const user = await basicUser();
    // The first period ended ten days ago; the renewal's invoice opens the one that holds now.
    const start1 = nowSeconds() - 40 * DAY;
    const end1 = nowSeconds() - 10 * DAY;
    const end2 = nowSeconds() + 20 * DAY;
    const sub = await subscribed(user, { start: start1, end: end1 });
    const first = anEvent(
      'invoice.paid',
      anInvoice({ id: newId('in'), subscriptionId: sub.id, userId: user.user.id, start: start1, end: end1 }),
      start1,
    );
    await postEvent(h, first);
    // Units used in the first period.
    const inFirst = new Date((start1 + DAY) * 1000);
    await h.deps.db.transaction((tx) =>
      takePlanUnits(tx, { userId: user.user.id, metric: 'blogs', units: 3, now: inFirst }),
    );

    const renewal = anEvent(
      'invoice.paid',
      anInvoice({ id: newId('in'), subscriptionId: sub.id, userId: user.user.id, start: end1, end: end2 }),
      end1 + 60,
    );
    expect((await postEvent(h, renewal)).json()).toMatchObject({ outcome: 'handled' });
    const row = await subscriptionRow(h, sub.id);
    expect(row?.currentPeriodStart).toEqual(new Date(end1 * 1000));
    expect(row?.currentPeriodEnd).toEqual(new Date(end2 * 1000));
    expect(
      (await ledgerOf(h, user.user.id))
        .filter((entry) => entry.reason === 'plan_credits')
        .map((e) => e.amount),
    ).toEqual([500, 500]);

    const usage = (await h.call('GET', '/api/plan_usage', { token: user.accessToken })).json();
    expect(usage.period).toBe(new Date(end1 * 1000).toISOString().slice(0, 10));
    expect(usage.currentData.blogs_limit).toBe(0);
    const [old] = await h.deps.db
      .select({ used: planUsage.used })
      .from(planUsage)
      .where(
        and(
          eq(planUsage.userId, user.user.id),
          eq(planUsage.period, new Date(start1 * 1000).toISOString().slice(0, 10)),
        ),
      );
    expect(old?.used).toBe(3);
  });

  it('a failed payment: past due (the plan holds), a notice in the app and an e-mail, once', async () => {
    const user = await basicUser();
    const sub = await subscribed(user);
    const failed = anEvent(
      'invoice.payment_failed',
      {
        ...anInvoice({
          id: newId('in'),
          subscriptionId: sub.id,
          userId: user.user.id,
          start: sub.end,
          end: sub.end + 30 * DAY,
        }),
        status: 'open',
      },
      nowSeconds(),
    );
    expect((await postEvent(h, failed)).json()).toMatchObject({ outcome: 'handled' });
    expect((await postEvent(h, failed)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await subscriptionRow(h, sub.id))?.status).toBe('past_due');
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
    const user = await basicUser();
    const sub = await subscribed(user);
    const deleted = anEvent(
      'customer.subscription.deleted',
      aSubscription({ id: sub.id, userId: user.user.id, start: sub.start, end: sub.end, status: 'canceled' }),
      nowSeconds() + 1,
    );
    expect((await postEvent(h, deleted)).statusCode).toBe(200);
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
    const other = await basicUser();
    await subscribed(other);
    expect(await tierOf(h, grandfathered.user.id)).toBe('Premium');
  });
});

describe('credits per paid period', () => {
  it('an annual invoice adds twelve months of credits; an invoice that charged nothing adds none', async () => {
    const user = await basicUser();
    const start = nowSeconds() - DAY;
    const end = start + 365 * DAY;
    const id = newId('sub');
    await postEvent(
      h,
      anEvent(
        'customer.subscription.created',
        aSubscription({ id, userId: user.user.id, start, end, interval: 'year' }),
        start,
      ),
    );
    const yearly = newId('in');
    await postEvent(
      h,
      anEvent(
        'invoice.paid',
        anInvoice({ id: yearly, subscriptionId: id, userId: user.user.id, start, end, interval: 'year' }),
        start,
      ),
    );
    const nothing = newId('in');
    await postEvent(
      h,
      anEvent(
        'invoice.paid',
        {
          ...anInvoice({ id: nothing, subscriptionId: id, userId: user.user.id, start, end }),
          amount_paid: 0,
        },
        start + 1,
      ),
    );
    expect((await ledgerOf(h, user.user.id)).filter((entry) => entry.reason === 'plan_credits')).toEqual([
      { amount: 6000, reason: 'plan_credits', reference: yearly },
    ]);
    expect((await subscriptionRow(h, id))?.interval).toBe('year');
    // The limits are monthly: a year's subscription counts by the month from its start.
    const usage = (await h.call('GET', '/api/plan_usage', { token: user.accessToken })).json();
    const startDate = DateTime.fromSeconds(start, { zone: 'utc' });
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
});

describe('fulfilment happens once', () => {
  it('the same event delivered five times at once adds its credits once', async () => {
    const user = await basicUser();
    const sub = await subscribed(user);
    const before = await balanceOf(h, user.user.id);
    const paid = anEvent(
      'invoice.paid',
      anInvoice({
        id: newId('in'),
        subscriptionId: sub.id,
        userId: user.user.id,
        start: sub.start,
        end: sub.end,
      }),
      sub.start,
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => postEvent(h, paid)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = answers.map((answer) => answer.json().outcome).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'handled']);
    expect(await balanceOf(h, user.user.id)).toBe(before + 500);
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
