import { PAYMENT_MESSAGES, PLAN_LIMITS } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, creditLedger, creditPacks, subscriptions, users } from '../src/db/schema';
import { WEBHOOK_EVENTS } from '../src/lib/clients/payments/register-sandbox-webhook';
import {
  API,
  campaignPayload,
  connectLinkedIn,
  createCampaign,
  seedCampaignList,
} from './support/campaign-factories';
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
 * Whole purchases against the bundled sandbox: the app listens on a real port at APP_ORIGIN, registers
 * its webhook endpoint with the sandbox at start, and the sandbox delivers its signed events there.
 */
let h: Harness;
beforeAll(async () => {
  h = await startListeningHarness();
  // A start (database, migrations, both sandboxes) can take a while on a busy machine.
}, 60_000);
afterAll(() => h.close());

const stripe = () => sandboxStripe(h);

/** Pays an open session as the sandbox's checkout page does, and waits for its webhooks to arrive. */
const pay = async (sessionId: string) => {
  const { eventIds } = stripe().completeCheckout(sessionId);
  expect(await stripe().deliveriesSettled(eventIds, 15_000)).toBe(true);
  return eventIds;
};

const settle = async (eventIds?: string[]) => {
  expect(await stripe().deliveriesSettled(eventIds, 15_000)).toBe(true);
};

const checkout = async (user: SeededUser, body: Record<string, unknown>) =>
  h.call('POST', '/api/checkout', { token: user.accessToken, body });

const status = async (user: SeededUser, sessionId: string) =>
  h.call('GET', `/api/session-status?session_id=${encodeURIComponent(sessionId)}`, {
    token: user.accessToken,
  });

const subscriptionOf = async (userId: string) => {
  const [row] = await h.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
};

describe('the webhook endpoint', () => {
  it('is registered with the sandbox at start, at APP_ORIGIN, for the events fulfilment handles', () => {
    const endpoints = stripe().webhookEndpoints() as { url: string; enabled_events: string[] }[];
    expect(endpoints.map((endpoint) => endpoint.url)).toEqual([`${h.config.appOrigin}/api/stripe/webhook`]);
    expect(endpoints[0]?.enabled_events).toEqual([...WEBHOOK_EVENTS]);
  });
});

describe('buying Premium monthly', () => {
  let buyer: SeededUser;
  let sessionId: string;

  beforeAll(async () => {
    buyer = await seedUser(h, { tier: 'Basic' });
  });

  it('opens an embedded Checkout priced from the plan, for its owner only', async () => {
    const created = await checkout(buyer, { kind: 'plan', plan_id: 'premium', interval: 'month' });
    expect(created.statusCode, created.body).toBe(200);
    sessionId = created.json().id;
    expect(sessionId).toMatch(/^cs_/);

    const mount = await h.call('GET', `/api/checkout/${sessionId}`, { token: buyer.accessToken });
    expect(mount.statusCode, mount.body).toBe(200);
    expect(mount.json()).toMatchObject({
      id: sessionId,
      publishable_key: stripe().app().publishableKey,
      script_url: `${h.services.platformSandbox?.url}/stripe/v3/stripe.js`,
      status: 'open',
      description: 'Premium, monthly',
      amount_cents: 4900,
      currency: 'usd',
    });
    expect(mount.json().client_secret).toMatch(new RegExp(`^${sessionId}_secret_`));

    // What Stripe was asked for: embedded, a subscription at the plan's price, our metadata, the return URL.
    const session = await (await h.deps.payments.stripe()).checkout.sessions.retrieve(sessionId, {
      expand: ['line_items'],
    });
    expect(session).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'subscription',
      client_reference_id: buyer.user.id,
      metadata: { user_id: buyer.user.id, kind: 'plan', plan_id: 'premium', interval: 'month' },
    });
    // Stripe fills in {CHECKOUT_SESSION_ID}: the buyer comes back to the success screen of this session.
    expect([
      `${h.config.appOrigin}/payment/success/{CHECKOUT_SESSION_ID}`,
      `${h.config.appOrigin}/payment/success/${sessionId}`,
    ]).toContain(session.return_url);
    expect(session.line_items?.data[0]?.amount_total).toBe(4900);

    const before = (await status(buyer, sessionId)).json();
    expect(before).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      fulfilled: false,
      credits_added: 0,
    });
  });

  it('paid: the webhooks make the account Premium with 500 credits and Premium limits for the subscription period', async () => {
    const before = await balanceOf(h, buyer.user.id);
    await pay(sessionId);
    const after = (await status(buyer, sessionId)).json();
    expect(after).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      fulfilled: true,
      kind: 'plan',
      description: 'Premium, monthly',
      amount_cents: 4900,
      credits_added: 500,
      subscription_type: 'Premium',
      credits: before + 500,
    });
    expect(await tierOf(h, buyer.user.id)).toBe('Premium');
    const sub = await subscriptionOf(buyer.user.id);
    expect(sub).toMatchObject({ planId: 'premium', interval: 'month', status: 'active' });

    const usage = (await h.call('GET', '/api/plan_usage', { token: buyer.accessToken })).json();
    expect(usage).toMatchObject({
      subscription_type: 'Premium',
      counted_per: 'subscription_period',
      period: sub?.currentPeriodStart.toISOString().slice(0, 10),
      resets_on: sub?.currentPeriodEnd.toISOString().slice(0, 10),
      totalData: PLAN_LIMITS.Premium,
    });

    const pricing = (await h.call('GET', '/api/pricing', { token: buyer.accessToken })).json();
    expect(pricing.subscription_type).toBe('Premium');
    expect(pricing.subscription).toMatchObject({ plan_id: 'premium', interval: 'month', status: 'active' });
    expect(
      pricing.monthlyPlans.map((plan: { id: string; current: boolean }) => [plan.id, plan.current]),
    ).toEqual([
      ['basic', false],
      ['premium', true],
    ]);
    expect(pricing.annualPlans.every((plan: { current: boolean }) => !plan.current)).toBe(true);
  });

  it('the credits bought pay for a campaign', async () => {
    await connectLinkedIn(h, buyer);
    const list = await seedCampaignList(h, buyer.user.id, 2);
    const before = await balanceOf(h, buyer.user.id);
    const created = await createCampaign(h, buyer, campaignPayload(list.id));
    expect(created.statusCode, created.body).toBe(200);
    expect(await balanceOf(h, buyer.user.id)).toBe(before - 50);
    expect(API).toBe('/api/linkedinAI');
  });

  it('buying a plan again is refused (the other interval is a switch, not a second subscription); the portal opens', async () => {
    const again = await checkout(buyer, { kind: 'plan', plan_id: 'premium', interval: 'month' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: PAYMENT_MESSAGES.alreadySubscribed });
    const other = await checkout(buyer, { kind: 'plan', plan_id: 'premium', interval: 'year' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: 'conflict', message: PAYMENT_MESSAGES.changeInPortal });
    const portal = await h.call('POST', '/api/billing-portal', { token: buyer.accessToken });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('renewal adds the credits again and moves the period; cancelling ends Premium', async () => {
    const sub = await subscriptionOf(buyer.user.id);
    if (!sub) throw new Error('no subscription');
    const before = await balanceOf(h, buyer.user.id);
    stripe().renewSubscription(sub.stripeSubscriptionId);
    await settle();
    expect(await balanceOf(h, buyer.user.id)).toBe(before + 500);
    const renewed = await subscriptionOf(buyer.user.id);
    expect(renewed?.currentPeriodStart).toEqual(sub.currentPeriodEnd);
    expect(renewed?.currentPeriodEnd.getTime()).toBeGreaterThan(sub.currentPeriodEnd.getTime());
    expect(
      (await ledgerOf(h, buyer.user.id))
        .filter((entry) => entry.reason === 'plan_credits')
        .map((e) => e.amount),
    ).toEqual([500, 500]);

    stripe().cancelNow(sub.stripeSubscriptionId);
    await settle();
    expect(await tierOf(h, buyer.user.id)).toBe('Basic');
    expect((await subscriptionOf(buyer.user.id))?.status).toBe('canceled');
    const usage = (await h.call('GET', '/api/plan_usage', { token: buyer.accessToken })).json();
    expect(usage).toMatchObject({ subscription_type: 'Basic', totalData: PLAN_LIMITS.Basic });
  });

  it('a failed renewal makes it past due, keeps Premium and tells the account', async () => {
    const payer = await seedUser(h, { tier: 'Basic' });
    const id = (await checkout(payer, { kind: 'plan', plan_id: 'premium', interval: 'month' })).json().id;
    await pay(id);
    const sub = await subscriptionOf(payer.user.id);
    if (!sub) throw new Error('no subscription');
    stripe().failNextRenewal(sub.stripeSubscriptionId);
    stripe().renewSubscription(sub.stripeSubscriptionId);
    await settle();
    expect((await subscriptionOf(payer.user.id))?.status).toBe('past_due');
    expect(await tierOf(h, payer.user.id)).toBe('Premium');
    const bell = (await h.call('GET', '/api/notices', { token: payer.accessToken })).json();
    expect(bell.data.map((notice: { kind: string }) => notice.kind)).toEqual(['payment_failed']);
    expect((await h.mails(payer.email)).map((mail) => mail.subject)).toContain('Your card payment failed');
  });
});

describe('buying credits', () => {
  it('a pack adds its credits once, and the success screen says what was bought', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    const before = await balanceOf(h, user.user.id);
    const created = await checkout(user, { kind: 'credits', pack_id: 'credits-500' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const eventIds = await pay(id);
    // Stripe delivering the same events again changes nothing.
    for (const eventId of eventIds) stripe().redeliver(eventId);
    await settle();
    expect((await status(user, id)).json()).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      fulfilled: true,
      kind: 'credits',
      description: '500 credits',
      amount_cents: 1900,
      credits_added: 500,
      subscription_type: 'Basic',
      credits: before + 500,
    });
    expect(await ledgerOf(h, user.user.id)).toEqual([
      { amount: 500, reason: 'credit_purchase', reference: id },
    ]);
  });

  it('a pack bought is in the billing history: an invoice with its amount, date and what was bought', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    const pricing = async () => (await h.call('GET', '/api/pricing', { token: user.accessToken })).json();
    // No billing account yet: the Plan screen offers no billing history.
    expect(await pricing()).toMatchObject({ subscription: null, has_billing_account: false });
    const id = (await checkout(user, { kind: 'credits', pack_id: 'credits-1500' })).json().id;
    // Checkout is asked to invoice the payment (the portal's history lists invoices only).
    const session = await (await h.deps.payments.stripe()).checkout.sessions.retrieve(id);
    expect(session.invoice_creation).toMatchObject({
      enabled: true,
      invoice_data: { description: '1,500 credits', metadata: { kind: 'credits', pack_id: 'credits-1500' } },
    });
    await pay(id);
    const customer = String(session.customer);
    const invoices = await (await h.deps.payments.stripe()).invoices.list({ customer });
    expect(invoices.data).toHaveLength(1);
    const [invoice] = invoices.data;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 4900,
      currency: 'usd',
      description: '1,500 credits',
      parent: null,
      metadata: { user_id: user.user.id, kind: 'credits' },
    });
    expect(invoice?.lines.data[0]).toMatchObject({ description: '1,500 credits', amount: 4900 });
    // Its invoice.paid adds no plan credits: the pack's credits come once, from the Checkout session.
    expect(await ledgerOf(h, user.user.id)).toEqual([
      { amount: 1500, reason: 'credit_purchase', reference: id },
    ]);

    // The portal's "Billing and payment history" (an account without a plan opens it too) lists it.
    expect(await pricing()).toMatchObject({ subscription: null, has_billing_account: true });
    const portal = await h.call('POST', '/api/billing-portal', { token: user.accessToken });
    expect(portal.statusCode, portal.body).toBe(200);
    const opened = await fetch(portal.json().url, { redirect: 'manual' });
    const cookie = opened.headers.get('set-cookie')?.split(';')[0] ?? '';
    const location = new URL(opened.headers.get('location') ?? '', portal.json().url);
    const page = await (await fetch(location, { headers: { cookie } })).text();
    const history = page.slice(page.indexOf('Billing and payment history'));
    const day = new Date((invoice?.created ?? 0) * 1000).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(history).toContain('<td>1,500 credits</td>');
    expect(history).toContain('$49.00');
    expect(history).toContain('Paid');
    expect(history).toContain(day);
  });
});

describe('refusals', () => {
  let owner: SeededUser;
  let stranger: SeededUser;
  let sessionId: string;
  beforeAll(async () => {
    owner = await seedUser(h, { tier: 'Basic' });
    stranger = await seedUser(h, { tier: 'Basic' });
    sessionId = (await checkout(owner, { kind: 'credits', pack_id: 'credits-1500' })).json().id;
  });

  it("another account's session id is 404 on checkout/{id} and session-status, as is an unknown one", async () => {
    for (const id of [sessionId, 'cs_test_unknown']) {
      const mount = await h.call('GET', `/api/checkout/${id}`, { token: stranger.accessToken });
      expect(mount.statusCode).toBe(404);
      expect(mount.json()).toEqual({ error: 'not_found', message: PAYMENT_MESSAGES.sessionNotFound });
      const check = await status(stranger, id);
      expect(check.statusCode).toBe(404);
      expect(check.json()).toEqual({ error: 'not_found', message: PAYMENT_MESSAGES.sessionNotFound });
    }
    expect((await status(owner, sessionId)).statusCode).toBe(200);
    expect((await h.call('GET', '/api/session-status', { token: owner.accessToken })).statusCode).toBe(400);
  });

  it('a plan or pack that does not exist is 404 with its message; the free plan is 400', async () => {
    const noPlan = await checkout(owner, { kind: 'plan', plan_id: 'platinum', interval: 'month' });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json()).toEqual({ error: 'not_found', message: PAYMENT_MESSAGES.planNotFound });
    const noPack = await checkout(owner, { kind: 'credits', pack_id: 'credits-7' });
    expect(noPack.statusCode).toBe(404);
    expect(noPack.json()).toEqual({ error: 'not_found', message: PAYMENT_MESSAGES.packNotFound });
    const free = await checkout(owner, { kind: 'plan', plan_id: 'basic', interval: 'month' });
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual({ error: 'free_plan', message: PAYMENT_MESSAGES.freePlan });
    const bad = await checkout(owner, { kind: 'plan', plan_id: 'premium', interval: 'week' });
    expect(bad.statusCode).toBe(400);
    // Nothing was opened for any of them.
    const rows = await h.deps.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, owner.user.id));
    expect(rows.map((row) => row.id)).toEqual([sessionId]);
  });

  it('the billing portal needs a customer; pricing needs a signed-in caller', async () => {
    const portal = await h.call('POST', '/api/billing-portal', { token: stranger.accessToken });
    expect(portal.statusCode).toBe(404);
    expect(portal.json()).toEqual({ error: 'not_found', message: PAYMENT_MESSAGES.noCustomer });
    expect((await h.call('GET', '/api/pricing')).statusCode).toBe(401);
  });
});

describe('pricing', () => {
  it('a Basic account: both plans at both intervals with their limits and credits, Basic current, the packs on sale', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    await h.deps.db.update(creditPacks).set({ active: false }).where(eq(creditPacks.id, 'credits-5000'));
    try {
      const response = await h.call('GET', '/api/pricing', { token: user.accessToken });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ subscription_type: 'Basic', credits: 0, subscription: null });
      expect(body.monthlyPlans).toEqual([
        expect.objectContaining({
          id: 'basic',
          tier: 'Basic',
          interval: 'month',
          price_cents: 0,
          credits: 0,
          limits: PLAN_LIMITS.Basic,
          current: true,
        }),
        expect.objectContaining({
          id: 'premium',
          tier: 'Premium',
          interval: 'month',
          price_cents: 4900,
          currency: 'usd',
          credits: 500,
          limits: PLAN_LIMITS.Premium,
          current: false,
        }),
      ]);
      expect(body.annualPlans).toEqual([
        expect.objectContaining({ id: 'basic', interval: 'year', price_cents: 0, current: true }),
        expect.objectContaining({
          id: 'premium',
          interval: 'year',
          price_cents: 47000,
          credits: 6000,
          current: false,
        }),
      ]);
      // An inactive pack is neither listed nor sold.
      expect(body.creditPacks).toEqual([
        { id: 'credits-500', name: '500 credits', credits: 500, price_cents: 1900, currency: 'usd' },
        { id: 'credits-1500', name: '1,500 credits', credits: 1500, price_cents: 4900, currency: 'usd' },
      ]);
      const refused = await checkout(user, { kind: 'credits', pack_id: 'credits-5000' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(PAYMENT_MESSAGES.packNotFound);
    } finally {
      await h.deps.db.update(creditPacks).set({ active: true }).where(eq(creditPacks.id, 'credits-5000'));
    }
  });

  it('an account made Premium without paying sees Premium as its plan at both intervals', async () => {
    const user = await seedUser(h, { tier: 'Premium' });
    const body = (await h.call('GET', '/api/pricing', { token: user.accessToken })).json();
    expect(body.subscription_type).toBe('Premium');
    expect(
      [...body.monthlyPlans, ...body.annualPlans]
        .filter((plan: { current: boolean }) => plan.current)
        .map((plan: { id: string }) => plan.id),
    ).toEqual(['premium', 'premium']);
  });
});

describe('the ledger adds up', () => {
  it('for every account: sum = sign-up grant + credits paid for − credits spent on campaigns + admin adjustments', async () => {
    const rows = await h.deps.db.select().from(creditLedger);
    const accounts = await h.deps.db.select({ id: users.id }).from(users);
    // What was paid for, from the payments themselves: fulfilled packs, and the sandbox's paid invoices.
    const packs = await h.deps.db.select().from(checkoutSessions);
    const customers = new Map(
      (stripe().customers() as { id: string; metadata: { user_id?: string } }[]).map((c) => [
        c.id,
        c.metadata.user_id,
      ]),
    );
    const paidInvoices = (
      stripe().invoices() as { customer: string; status: string; amount_paid: number; parent: unknown }[]
    ).filter(
      // A plan's invoices (a subscription's parent); a pack's own invoice adds no plan credits.
      (invoice) => invoice.status === 'paid' && invoice.amount_paid > 0 && invoice.parent !== null,
    );
    let checked = 0;
    for (const { id } of accounts) {
      const mine = rows.filter((row) => row.userId === id);
      const sum = mine.reduce((total, row) => total + row.amount, 0);
      const signup = mine.filter((row) => row.reason === 'signup_grant').reduce((t, r) => t + r.amount, 0);
      const admin = mine.filter((row) => row.reason === 'admin_adjustment').reduce((t, r) => t + r.amount, 0);
      const spent = mine.filter((row) => row.reason === 'campaign').length * 50;
      const packCredits = packs
        .filter((pack) => pack.userId === id && pack.kind === 'credits' && pack.fulfilledAt)
        .reduce((t, pack) => t + pack.credits, 0);
      const planCredits =
        paidInvoices.filter((invoice) => customers.get(invoice.customer) === id).length * 500;
      expect(sum, `account ${id}`).toBe(signup + packCredits + planCredits - spent + admin);
      if (packCredits + planCredits > 0) checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});
