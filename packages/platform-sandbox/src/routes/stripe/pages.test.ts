import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { premiumCheckout, sdkFor } from './test-support';

/** The checkout and customer portal pages through real HTTP, as a browser posts their forms. */

let sandbox: PlatformSandbox;
let stripe: Stripe;
beforeEach(async () => {
  sandbox = await startPlatformSandbox();
  stripe = sdkFor(sandbox);
});
afterEach(async () => {
  await sandbox.close();
});

const premium = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create(premiumCheckout(overrides));

const pay = (secret: string, fields: Record<string, string>) =>
  fetch(`${sandbox.url}/stripe/checkout/${secret}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'ada@example.com',
      card_number: '4242 4242 4242 4242',
      card_expiry: '12 / 34',
      card_cvc: '123',
      card_name: 'Ada Lovelace',
      ...fields,
    }).toString(),
    redirect: 'manual',
  });

describe('the checkout page', () => {
  it('shows the order, the price per interval and a labelled card form with the e-mail filled in', async () => {
    const session = await premium();
    const answer = await fetch(
      `${sandbox.url}/stripe/checkout/${session.client_secret}?embedded=1&origin=http%3A%2F%2Fapp.test`,
    );
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('Subscribe to Premium');
    expect(html).toContain('$49.00 <small>per month</small>');
    expect(html).toContain('Total due today');
    expect(html).toMatch(/<input id="email"[^>]*value="ada@example.com"/);
    for (const label of [
      'Card number',
      'Expiration date (MM / YY)',
      'Security code (CVC)',
      'Cardholder name',
    ])
      expect(html).toContain(label);
    expect(html).toContain('<button type="submit">Subscribe</button>');
  });

  it('refuses a declined card and takes nothing', async () => {
    const session = await premium();
    const declined = await pay(session.client_secret as string, {
      card_number: '4000 0000 0000 0002',
      embedded: '1',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain(
      '<p class="alert" role="alert" id="payment-error">Your card was declined.</p>',
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(sandbox.platforms.stripe.subscriptions()).toHaveLength(0);
    expect(sandbox.platforms.stripe.events()).toHaveLength(0);
    const past = await pay(session.client_secret as string, { card_expiry: '01 / 20' });
    expect(await past.text()).toContain('Your card&#39;s expiration date is in the past.');
  });

  it('pays with the test card, then tells the framing page where to go', async () => {
    const session = await premium();
    const paid = await pay(session.client_secret as string, { embedded: '1', origin: 'http://app.test' });
    expect(paid.status).toBe(200);
    const html = await paid.text();
    expect(html).toContain('parent.postMessage(');
    expect(html).toContain(`"redirectUrl":"http://app.test/payment/success/${session.id}"`);
    expect(html).toContain('"http://app.test")');
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: 'ada@example.com', name: 'Ada Lovelace' },
    });
    expect(sandbox.platforms.stripe.events().map((e) => e.type)).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    const again = await fetch(`${sandbox.url}/stripe/checkout/${session.client_secret}`);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This checkout session is already complete');
  });

  it('says so for an expired session or an unknown link', async () => {
    const session = await premium();
    await stripe.checkout.sessions.expire(session.id);
    const expired = await fetch(`${sandbox.url}/stripe/checkout/${session.client_secret}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This checkout session has expired');
    expect((await fetch(`${sandbox.url}/stripe/checkout/cs_test_nope_secret_x`)).status).toBe(404);
  });

  it('sends a hosted page to its success_url and makes a payment for a one-time purchase', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      ui_mode: 'hosted_page',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1900, product_data: { name: '500 credits' } },
          quantity: 1,
        },
      ],
      success_url: 'http://app.test/done/{CHECKOUT_SESSION_ID}',
      payment_intent_data: { metadata: { pack: 'credits-500' } },
    });
    const page = await fetch(session.url as string);
    expect(await page.text()).toContain('Pay $19.00');
    const paid = await pay(session.client_secret as string, {});
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/done/${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done.customer).toBeNull();
    expect(done.payment_intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 1900,
      metadata: { pack: 'credits-500' },
    });
  });

  it('serves the Stripe.js stand-in', async () => {
    const answer = await fetch(`${sandbox.url}/stripe/v3/stripe.js`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/javascript/);
    const script = await answer.text();
    expect(script).toContain('createEmbeddedCheckoutPage');
    expect(script).toContain("Stripe.version = 'endive'");
  });
});

describe('the customer portal', () => {
  const subscribed = async () => {
    const session = await premium();
    sandbox.platforms.stripe.completeCheckout(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    return { customer: done.customer as string, subscription: done.subscription as string };
  };

  const open = async (customer: string, configuration?: string) => {
    // The portal settings saved once, as on a real account (a fresh one refuses portal sessions).
    sandbox.platforms.stripe.saveDefaultPortalConfiguration();
    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: 'http://app.test/plan',
      ...(configuration ? { configuration } : {}),
    });
    const first = await fetch(portal.url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const at = (path: string, init: RequestInit = {}) =>
      fetch(`${sandbox.url}/stripe/portal/${portal.id}${path}`, {
        ...init,
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...(init.headers ?? {}) },
      });
    return { portal, at };
  };

  it('works once per link, and only with the browser that opened it', async () => {
    const { customer } = await subscribed();
    const { portal, at } = await open(customer);
    const reused = await fetch(portal.url, { redirect: 'manual' });
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('This link has already been used');
    expect((await fetch(`${sandbox.url}/stripe/portal/${portal.id}/manage`)).status).toBe(401);
    expect((await at('/manage')).status).toBe(200);
  });

  it('shows the plan and cancels it at period end, then renews it', async () => {
    const { customer, subscription } = await subscribed();
    const { at } = await open(customer);
    const manage = await (await at('/manage')).text();
    expect(manage).toContain('Premium');
    expect(manage).toContain('$49.00</strong> per month');
    expect(manage).toMatch(/Your plan renews on \w+ \d+, \d{4}\./);
    expect(manage).toContain('Visa •••• 4242');
    expect(manage).toContain('href="http://app.test/plan">← Return to Sales Assist');

    const cancel = await at('/cancel', { method: 'POST', body: `subscription=${subscription}` });
    expect(cancel.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription)).cancel_at_period_end).toBe(true);
    const after = await (await at('/manage?done=canceled')).text();
    expect(after).toContain('Your plan will be canceled on');
    expect(after).toContain('Renew plan');
    await at('/renew', { method: 'POST', body: `subscription=${subscription}` });
    expect((await stripe.subscriptions.retrieve(subscription)).cancel_at_period_end).toBe(false);
    // The checkout's own update (incomplete → active) first, then the portal's two.
    const updates = sandbox.platforms.stripe
      .events()
      .filter((e) => e.type === 'customer.subscription.updated')
      .slice(1);
    expect(
      updates.map((e) => (e.data.object as { cancel_at_period_end: boolean }).cancel_at_period_end),
    ).toEqual([true, false]);
    expect((await at('/cancel', { method: 'POST', body: 'subscription=sub_other' })).status).toBe(404);
  });

  it('refuses a declined card and takes a good one as the new payment method', async () => {
    const { customer } = await subscribed();
    const { at } = await open(customer);
    const card = (number: string) =>
      at('/payment-method', {
        method: 'POST',
        body: new URLSearchParams({
          card_number: number,
          card_expiry: '11/31',
          card_cvc: '321',
          card_name: 'Ada',
        }).toString(),
      });
    const declined = await card('4000000000000002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const taken = await card('5555 5555 5555 4444');
    expect(taken.status).toBe(303);
    expect(await (await at('/manage?done=card')).text()).toContain('Mastercard •••• 4444');
  });

  it('offers only what its configuration enables', async () => {
    const { customer, subscription } = await subscribed();
    const cardOnly = await stripe.billingPortal.configurations.create({
      features: {
        payment_method_update: { enabled: true },
        subscription_cancel: { enabled: false },
        invoice_history: { enabled: false },
      },
    });
    const { at } = await open(customer, cardOnly.id);
    const page = await (await at('/manage')).text();
    expect(page).toContain('Update payment method');
    expect(page).not.toContain('Cancel plan');
    expect(page).not.toContain('Billing and payment history');
    const cancel = await at('/cancel', { method: 'POST', body: `subscription=${subscription}` });
    expect(cancel.status).toBe(404);
    expect((await stripe.subscriptions.retrieve(subscription)).cancel_at_period_end).toBe(false);
  });
});
