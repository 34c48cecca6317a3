import { PAYMENT_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema';
import { type SeededUser, seedUser } from './support/factories';
import type { Harness } from './support/harness';
import {
  balanceOf,
  ledgerOf,
  sandboxStripe,
  startListeningHarness,
  tierOf,
} from './support/payments-support';

/**
 * A subscriber switches plan or interval in place (POST /api/subscription/change) against the bundled
 * sandbox: Stripe charges the prorated difference at once, and the account's subscription, tier and
 * credits follow only when the webhooks arrive.
 */
let h: Harness;
beforeAll(async () => {
  h = await startListeningHarness();
}, 60_000);
afterAll(() => h.close());

const DAY = 86_400;
const YEAR_MS = 365 * DAY * 1000;

const stripe = () => sandboxStripe(h);

const settle = async () => {
  expect(await stripe().deliveriesSettled(undefined, 15_000)).toBe(true);
};

const change = (user: SeededUser, body: unknown) =>
  h.call('POST', '/api/subscription/change', { token: user.accessToken, body });

const rowOf = async (userId: string) => {
  const [row] = await h.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
};

/** A Basic account that bought Premium monthly through Checkout (card 4242 unless given). */
const subscriber = async (card?: string): Promise<SeededUser> => {
  const user = await seedUser(h, { tier: 'Basic' });
  const created = await h.call('POST', '/api/checkout', {
    token: user.accessToken,
    body: { kind: 'plan', plan_id: 'premium', interval: 'month' },
  });
  expect(created.statusCode, created.body).toBe(200);
  stripe().completeCheckout(created.json().id, card ? { card } : {});
  await settle();
  expect(await rowOf(user.user.id)).toMatchObject({ interval: 'month', status: 'active' });
  return user;
};

const planCredits = async (userId: string) =>
  (await ledgerOf(h, userId)).filter((entry) => entry.reason === 'plan_credits');

describe('switching a subscription', () => {
  let buyer: SeededUser;
  beforeAll(async () => {
    buyer = await subscriber();
  });

  it('is refused without a subscription that holds, for the same plan and interval, and to the free plan', async () => {
    const basic = await seedUser(h, { tier: 'Basic' });
    const none = await change(basic, { plan_id: 'premium', interval: 'year' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'conflict', message: PAYMENT_MESSAGES.noSubscriptionToChange });
    const same = await change(buyer, { plan_id: 'premium', interval: 'month' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(PAYMENT_MESSAGES.samePlanAndInterval);
    const free = await change(buyer, { plan_id: 'basic', interval: 'month' });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(PAYMENT_MESSAGES.changeToFreePlan);
    const unknown = await change(buyer, { plan_id: 'platinum', interval: 'year' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PAYMENT_MESSAGES.planNotFound);
    expect((await change(buyer, { plan_id: 'premium', interval: 'week' })).statusCode).toBe(400);
    expect((await change(buyer, {})).statusCode).toBe(400);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/subscription/change',
      payload: { plan_id: 'premium', interval: 'year' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing reached Stripe: still the subscription's first invoice only.
    const row = await rowOf(buyer.user.id);
    expect(
      stripe()
        .invoices()
        .filter((invoice) => invoice.customer === row?.stripeCustomerId),
    ).toHaveLength(1);
    expect(row?.interval).toBe('month');
  });

  it('monthly to annual: the difference is charged now, and the webhooks bring the year, its period and credits', async () => {
    const before = await rowOf(buyer.user.id);
    if (!before) throw new Error('no subscription');
    const balance = await balanceOf(h, buyer.user.id);
    const switched = await change(buyer, { plan_id: 'premium', interval: 'year' });
    expect(switched.statusCode, switched.body).toBe(200);
    // The unused month (almost all of it) comes off the year's price.
    const charged = switched.json().amount_charged_cents;
    expect(charged).toBeGreaterThanOrEqual(47_000 - 4_900);
    expect(charged).toBeLessThan(47_000 - 4_800);
    expect(switched.json()).toMatchObject({ plan_id: 'premium', interval: 'year', currency: 'usd' });

    await settle();
    const after = await rowOf(buyer.user.id);
    expect(after).toMatchObject({ planId: 'premium', interval: 'year', status: 'active' });
    // The period restarted at the switch and runs a year.
    expect(after?.currentPeriodStart.getTime()).toBeGreaterThanOrEqual(before.currentPeriodStart.getTime());
    const length = (after?.currentPeriodEnd.getTime() ?? 0) - (after?.currentPeriodStart.getTime() ?? 0);
    expect(Math.abs(length - YEAR_MS)).toBeLessThanOrEqual(DAY * 1000);
    expect(await tierOf(h, buyer.user.id)).toBe('Premium');
    // The switch's invoice bought a year: twelve months of credits, once.
    const update = stripe()
      .invoices()
      .find(
        (invoice) =>
          invoice.billing_reason === 'subscription_update' &&
          (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
            .subscription === after?.stripeSubscriptionId,
      );
    expect(update).toMatchObject({ status: 'paid', amount_paid: charged });
    expect(await balanceOf(h, buyer.user.id)).toBe(balance + 6_000);
    expect((await planCredits(buyer.user.id)).at(-1)).toEqual({
      amount: 6_000,
      reason: 'plan_credits',
      reference: update?.id,
    });

    const pricing = (await h.call('GET', '/api/pricing', { token: buyer.accessToken })).json();
    expect(pricing.subscription).toMatchObject({ plan_id: 'premium', interval: 'year', status: 'active' });
    expect(pricing.annualPlans.find((plan: { id: string }) => plan.id === 'premium').current).toBe(true);
    expect(pricing.monthlyPlans.every((plan: { current: boolean }) => !plan.current)).toBe(true);
    const usage = (await h.call('GET', '/api/plan_usage', { token: buyer.accessToken })).json();
    expect(usage.counted_per).toBe('subscription_period');
  });

  it('annual back to monthly: the unused year pays the month (nothing charged), the month’s credits still come', async () => {
    const balance = await balanceOf(h, buyer.user.id);
    const switched = await change(buyer, { plan_id: 'premium', interval: 'month' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().amount_charged_cents).toBe(0);
    await settle();
    const after = await rowOf(buyer.user.id);
    expect(after).toMatchObject({ interval: 'month', status: 'active' });
    // The period went back to a month from now: a newer event, so not refused as a step back.
    const length = (after?.currentPeriodEnd.getTime() ?? 0) - (after?.currentPeriodStart.getTime() ?? 0);
    expect(length).toBeLessThanOrEqual(31 * DAY * 1000);
    expect(await balanceOf(h, buyer.user.id)).toBe(balance + 500);

    // The next renewal is paid from the credit left, and is still a paid month.
    if (!after) throw new Error('no subscription');
    stripe().renewSubscription(after.stripeSubscriptionId);
    await settle();
    expect(await balanceOf(h, buyer.user.id)).toBe(balance + 1_000);
    const renewed = await rowOf(buyer.user.id);
    expect(renewed?.currentPeriodStart).toEqual(after.currentPeriodEnd);
  });

  it('a double click switches once', async () => {
    const [first, second] = await Promise.all([
      change(buyer, { plan_id: 'premium', interval: 'year' }),
      change(buyer, { plan_id: 'premium', interval: 'year' }),
    ]);
    // The second either replays the first's answer (same idempotency key) or, if Stripe already shows
    // the year when it asks, is told so: never a second charge.
    const statuses = [first.statusCode, second.statusCode].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const refused = [first, second].find((answer) => answer.statusCode === 409);
    if (refused) expect(refused.json().message).toBe(PAYMENT_MESSAGES.samePlanAndInterval);
    await settle();
    const row = await rowOf(buyer.user.id);
    const updates = stripe()
      .invoices()
      .filter(
        (invoice) =>
          invoice.billing_reason === 'subscription_update' &&
          (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
            .subscription === row?.stripeSubscriptionId,
      );
    expect(updates).toHaveLength(3);
    expect(row?.interval).toBe('year');
  });

  it('a declined card leaves the plan as it was (402), and nothing is charged', async () => {
    const failing = await subscriber('4000000000000341');
    const balance = await balanceOf(h, failing.user.id);
    const refused = await change(failing, { plan_id: 'premium', interval: 'year' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ error: 'card_declined', message: PAYMENT_MESSAGES.changeDeclined });
    await settle();
    expect(await rowOf(failing.user.id)).toMatchObject({ interval: 'month', status: 'active' });
    expect(await balanceOf(h, failing.user.id)).toBe(balance);
  });

  it('Stripe out of reach is a 502 saying to try again', async () => {
    const sandbox = h.services.platformSandbox;
    if (!sandbox) throw new Error('no sandbox');
    sandbox.faults.inject({ path: '/v1/subscriptions/*', status: 500, times: 5 });
    const failed = await change(buyer, { plan_id: 'premium', interval: 'month' });
    sandbox.faults.clear();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(PAYMENT_MESSAGES.providerUnavailable);
  });
});
