import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { NO_PORTAL_CONFIGURATION } from './portal-configuration-record';
import { STRIPE_API_VERSION as API_VERSION, premiumCheckout, sdkFor } from './test-support';

/** The Stripe stand-in's REST API as the official SDK (23.1.0, API 2026-03-25.dahlia) sees it. */

let sandbox: PlatformSandbox;
let stripe: Stripe;
let now: number;

beforeEach(async () => {
  now = Date.now();
  sandbox = await startPlatformSandbox({ now: () => new Date(now) });
  stripe = sdkFor(sandbox);
});
afterEach(async () => {
  await sandbox.close();
});

const planSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create(
    premiumCheckout({
      client_reference_id: 'user-1',
      metadata: { kind: 'plan', plan_id: 'premium' },
      subscription_data: { metadata: { user_id: 'user-1', plan_id: 'premium' } },
      ...overrides,
    }),
  );

describe('the Stripe stand-in REST API', () => {
  it('makes up its keys once per world and gives them out with the other apps', async () => {
    const keys = sandbox.platforms.stripe.app();
    expect(keys.secretKey).toMatch(/^sk_test_\w{20,}$/);
    expect(keys.publishableKey).toMatch(/^pk_test_\w{20,}$/);
    expect(keys.webhookSecret).toMatch(/^whsec_\w{20,}$/);
    const apps = (await (await fetch(`${sandbox.url}/__sandbox/apps`)).json()) as { stripe: unknown };
    expect(apps.stripe).toEqual(keys);
  });

  it('refuses a call without the secret key, or with another, as Stripe does (401)', async () => {
    const none = await fetch(`${sandbox.url}/v1/customers`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('You did not provide an API key'),
    });
    const wrong = sdkFor(sandbox, 'sk_test_not_the_one_1234');
    await expect(wrong.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      code: 'api_key_invalid',
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\**1234$/),
    });
  });

  it('creates, finds and lists customers', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { user_id: 'u1' },
    });
    expect(customer).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      object: 'customer',
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { user_id: 'u1' },
      livemode: false,
      created: Math.floor(now / 1000),
    });
    expect(customer.lastResponse.requestId).toMatch(/^req_/);
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    await stripe.customers.create({ email: 'bob@example.com' });
    const found = await stripe.customers.list({ email: 'ada@example.com' });
    expect(found.data.map((c) => c.id)).toEqual([customer.id]);
    expect((await stripe.customers.list({ limit: 1 })).has_more).toBe(true);
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_nope'",
    });
  });

  it('creates an embedded subscription Checkout session and reads it back', async () => {
    const session = await planSession();
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      mode: 'subscription',
      ui_mode: 'embedded_page',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 4900,
      currency: 'usd',
      url: null,
      customer: null,
      customer_email: 'ada@example.com',
      client_reference_id: 'user-1',
      metadata: { kind: 'plan', plan_id: 'premium' },
      livemode: false,
      subscription: null,
      payment_intent: null,
      expires_at: Math.floor(now / 1000) + 24 * 3600,
    });
    expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_`));
    expect(session.return_url).toBe(`http://app.test/payment/success/${session.id}`);
    const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(again.line_items?.data[0]).toMatchObject({
      description: 'Premium',
      quantity: 1,
      amount_total: 4900,
      price: { unit_amount: 4900, currency: 'usd', recurring: { interval: 'month' }, type: 'recurring' },
    });
  });

  it("refuses the ui_mode names the dahlia API retired, and bad parameters, in Stripe's error shape", async () => {
    await expect(planSession({ ui_mode: 'embedded' as never })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'ui_mode',
      message: 'Invalid ui_mode: must be one of elements, embedded_page, form, or hosted_page',
    });
    await expect(planSession({ return_url: undefined })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'return_url',
    });
    await expect(planSession({ mode: 'payment' })).rejects.toMatchObject({ param: 'line_items' });
    await expect(planSession({ customer: 'cus_missing', customer_email: undefined })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
    });
    await expect(planSession({ bogus: 'x' } as never)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'bogus',
      message: 'Received unknown parameter: bogus',
    });
    await expect(
      planSession({
        line_items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: 'ten' as never,
              product_data: { name: 'X' },
              recurring: { interval: 'month' },
            },
            quantity: 1,
          },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'line_items[0][price_data][unit_amount]',
    });
    await expect(planSession({ expires_at: Math.floor(now / 1000) + 60 })).rejects.toMatchObject({
      param: 'expires_at',
    });
    await expect(
      planSession({
        line_items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: 100_000_000,
              product_data: { name: 'X' },
              recurring: { interval: 'month' },
            },
            quantity: 1,
          },
        ],
      }),
    ).rejects.toMatchObject({ param: 'line_items[0][price_data][unit_amount]' });
    await expect(stripe.customers.list({ limit: { a: 1 } as never })).rejects.toMatchObject({
      statusCode: 400,
      param: 'limit',
    });
  });

  it('makes a hosted session with a page URL, and a one-time payment session', async () => {
    const hosted = await stripe.checkout.sessions.create({
      mode: 'payment',
      ui_mode: 'hosted_page',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1500, product_data: { name: '500 credits' } },
          quantity: 2,
        },
      ],
      success_url: 'http://app.test/done?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(hosted.url).toBe(`${sandbox.url}/stripe/checkout/${hosted.client_secret ?? 'x'}`);
    expect(hosted.amount_total).toBe(3000);
    expect(hosted.success_url).toBe(`http://app.test/done?session_id=${hosted.id}`);
  });

  it('invoices a one-time payment when invoice_creation asks, and only in payment mode', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      ui_mode: 'embedded_page',
      customer: customer.id,
      return_url: 'http://app.test/done/{CHECKOUT_SESSION_ID}',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1900, product_data: { name: '500 credits' } },
          quantity: 1,
        },
      ],
      invoice_creation: {
        enabled: true,
        invoice_data: { description: '500 credits', metadata: { kind: 'credits' } },
      },
    });
    expect(session.invoice_creation).toMatchObject({
      enabled: true,
      invoice_data: { description: '500 credits', metadata: { kind: 'credits' } },
    });
    expect(session.invoice).toBeNull();
    sandbox.platforms.stripe.completeCheckout(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.invoice).toMatch(/^in_/);
    const invoice = await stripe.invoices.retrieve(String(paid.invoice));
    expect(invoice).toMatchObject({
      customer: customer.id,
      status: 'paid',
      amount_paid: 1900,
      billing_reason: 'manual',
      description: '500 credits',
      metadata: { kind: 'credits' },
      parent: null,
    });
    expect(invoice.lines.data[0]).toMatchObject({
      description: '500 credits',
      amount: 1900,
      parent: { type: 'invoice_item_details' },
    });
    expect(sandbox.platforms.stripe.events().map((event) => event.type)).toEqual([
      'customer.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    // Without invoice_creation a payment leaves no invoice, as Stripe's default.
    const plain = await stripe.checkout.sessions.create({
      mode: 'payment',
      ui_mode: 'embedded_page',
      customer: customer.id,
      return_url: 'http://app.test/done/{CHECKOUT_SESSION_ID}',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Pack' } }, quantity: 1 },
      ],
    });
    sandbox.platforms.stripe.completeCheckout(plain.id);
    expect((await stripe.checkout.sessions.retrieve(plain.id)).invoice).toBeNull();
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    await expect(
      planSession({ invoice_creation: { enabled: true } } as Partial<Stripe.Checkout.SessionCreateParams>),
    ).rejects.toMatchObject({ statusCode: 400, param: 'invoice_creation' });
  });

  it('expires an open session (and only an open one)', async () => {
    const session = await planSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', client_secret: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    expect(sandbox.platforms.stripe.events().map((e) => e.type)).toEqual(['checkout.session.expired']);
  });

  it('expires a session past its expires_at on its own', async () => {
    const session = await planSession({ expires_at: Math.floor(now / 1000) + 1800 });
    now += 1801_000;
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  it('answers the same Idempotency-Key with the same answer, and refuses it with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-1' });
    const second = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-1' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(sandbox.platforms.stripe.customers()).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'key-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('gives a subscription, its first invoice and payment once Checkout is paid, as dahlia shapes them', async () => {
    const session = await planSession();
    sandbox.platforms.stripe.completeCheckout(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer: expect.stringMatching(/^cus_/),
      customer_details: { email: 'ada@example.com' },
    });
    const subscription = paid.subscription as Stripe.Subscription;
    const start = Math.floor(now / 1000);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      customer: paid.customer,
      metadata: { user_id: 'user-1', plan_id: 'premium' },
      latest_invoice: expect.stringMatching(/^in_/),
    });
    const item = subscription.items.data[0];
    expect(item).toMatchObject({
      current_period_start: start,
      price: { unit_amount: 4900, currency: 'usd', recurring: { interval: 'month' } },
    });
    const end = new Date(start * 1000);
    end.setUTCMonth(end.getUTCMonth() + 1);
    // (a month later; a 31st ending on a shorter month's last day is covered by addPeriod)
    expect(item?.current_period_end).toBeGreaterThanOrEqual(start + 28 * 86_400);
    expect(item?.current_period_end).toBeLessThanOrEqual(start + 31 * 86_400);

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_create',
      status: 'paid',
      amount_paid: 4900,
      currency: 'usd',
      customer: paid.customer,
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: subscription.id,
          metadata: { user_id: 'user-1', plan_id: 'premium' },
        },
      },
    });
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 4900,
      period: { start, end: item?.current_period_end },
    });
  });

  it('cancels at period end (and back), and at once', async () => {
    const session = await planSession();
    sandbox.platforms.stripe.completeCheckout(session.id);
    const id = sandbox.platforms.stripe.subscriptions()[0]?.id as string;
    const ending = await stripe.subscriptions.update(id, {
      cancel_at_period_end: true,
      metadata: { note: 'x' },
    });
    expect(ending).toMatchObject({
      cancel_at_period_end: true,
      status: 'active',
      metadata: { user_id: 'user-1', plan_id: 'premium', note: 'x' },
    });
    expect(ending.cancel_at).toBe(ending.items.data[0]?.current_period_end);
    expect((await stripe.subscriptions.update(id, { cancel_at_period_end: false })).cancel_at).toBeNull();
    const canceled = await stripe.subscriptions.cancel(id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: Math.floor(now / 1000) });
    const types = sandbox.platforms.stripe.events().map((e) => e.type);
    // One update (metadata and cancel_at_period_end together), one event.
    expect(types.slice(-4)).toEqual([
      'checkout.session.completed',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    const cancelEvent = sandbox.platforms.stripe
      .events()
      .findLast((e) => e.type === 'customer.subscription.updated');
    expect(cancelEvent?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });
  });

  it('opens a single-use customer portal session, once the account has a portal configuration', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    // A fresh account has none: Stripe refuses, with its words.
    await expect(
      stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app.test/plan' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: NO_PORTAL_CONFIGURATION,
    });
    // One made through the API is not the default: a session names it.
    const made = await stripe.billingPortal.configurations.create({
      features: {
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'at_period_end' },
      },
      metadata: { made_by: 'test' },
    });
    expect(made).toMatchObject({ object: 'billing_portal.configuration', active: true, is_default: false });
    expect((await stripe.billingPortal.configurations.list({ active: true })).data.map((c) => c.id)).toEqual([
      made.id,
    ]);
    await expect(stripe.billingPortal.sessions.create({ customer: customer.id })).rejects.toMatchObject({
      message: NO_PORTAL_CONFIGURATION,
    });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/plan',
      configuration: made.id,
    });
    expect(portal).toMatchObject({
      id: expect.stringMatching(/^bps_/),
      object: 'billing_portal.session',
      configuration: made.id,
      return_url: 'http://app.test/plan',
    });
    await expect(
      stripe.billingPortal.configurations.create({ features: { subscription_update: { enabled: true } } }),
    ).rejects.toMatchObject({ param: 'features[subscription_update][enabled]' });
    // Saving the portal settings in the Dashboard makes the default, used without naming it.
    const saved = sandbox.platforms.stripe.saveDefaultPortalConfiguration();
    const byDefault = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect(byDefault.configuration).toBe(saved.id);
    expect(portal.url).toBe(`${sandbox.url}/stripe/portal/${portal.id}`);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nope' })).rejects.toMatchObject({
      param: 'customer',
    });
  });

  it('deletes a customer: its subscriptions end, it reads as deleted, and Checkout and the portal refuse it', async () => {
    const customer = await stripe.customers.create({ email: 'gone@example.com' });
    const session = await stripe.checkout.sessions.create(
      premiumCheckout({ customer: customer.id, customer_email: undefined }),
    );
    sandbox.platforms.stripe.completeCheckout(session.id);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    expect(await stripe.customers.del(customer.id)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, deleted: true });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(
      sandbox.platforms.stripe
        .events()
        .slice(-2)
        .map((e) => e.type),
    ).toEqual(['customer.subscription.deleted', 'customer.deleted']);
    await expect(
      stripe.checkout.sessions.create(premiumCheckout({ customer: customer.id, customer_email: undefined })),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'customer', statusCode: 400 });
    sandbox.platforms.stripe.saveDefaultPortalConfiguration();
    await expect(stripe.billingPortal.sessions.create({ customer: customer.id })).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('registers webhook endpoints once per URL, with the world’s signing secret', async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'http://app.test/api/stripe/webhook',
      enabled_events: ['checkout.session.completed'],
      api_version: API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
    });
    expect(endpoint).toMatchObject({
      id: expect.stringMatching(/^we_/),
      object: 'webhook_endpoint',
      secret: sandbox.platforms.stripe.app().webhookSecret,
      status: 'enabled',
      api_version: API_VERSION,
    });
    // Without api_version (the Dashboard's way) it sends the account's default: null, whatever the SDK's version.
    const dashboard = await stripe.webhookEndpoints.create({
      url: 'http://app.test/other',
      enabled_events: ['invoice.paid'],
    });
    expect(dashboard.api_version).toBeNull();
    await stripe.webhookEndpoints.del(dashboard.id);
    const again = await stripe.webhookEndpoints.create({
      url: 'http://app.test/api/stripe/webhook',
      enabled_events: ['invoice.paid'],
    });
    expect(again.id).toBe(endpoint.id);
    expect(again.enabled_events).toEqual(['checkout.session.completed', 'invoice.paid']);
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(1);
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ deleted: true });
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(0);
  });

  it('pages lists as Stripe does (newest first, starting_after, ending_before, created) and expands in them', async () => {
    const made: string[] = [];
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test']) {
      made.push((await stripe.customers.create({ email })).id);
      now += 1_000;
    }
    const first = await stripe.customers.list({ limit: 2 });
    expect(first.data.map((c) => c.id)).toEqual([made[2], made[1]]);
    expect(first.has_more).toBe(true);
    const next = await stripe.customers.list({ limit: 2, starting_after: made[1] });
    expect(next.data.map((c) => c.id)).toEqual([made[0]]);
    expect(next.has_more).toBe(false);
    expect((await stripe.customers.list({ ending_before: made[0] })).data.map((c) => c.id)).toEqual([
      made[2],
      made[1],
    ]);
    const since = Math.floor(now / 1000) - 2;
    expect((await stripe.customers.list({ created: { gte: since } })).data.map((c) => c.id)).toEqual([
      made[2],
      made[1],
    ]);
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 1 })) all.push(customer.id);
    expect(all).toEqual([...made].reverse());

    const session = await planSession({ customer: made[0], customer_email: undefined });
    sandbox.platforms.stripe.completeCheckout(session.id);
    const subscriptions = await stripe.subscriptions.list({
      customer: made[0],
      expand: ['data.latest_invoice'],
    });
    expect((subscriptions.data[0]?.latest_invoice as Stripe.Invoice | undefined)?.object).toBe('invoice');
    await expect(stripe.customers.list({ delivery: 'x' } as never)).rejects.toMatchObject({
      code: 'parameter_unknown',
    });
  });

  it('keeps why a subscription was cancelled, and refuses what it does not play', async () => {
    const session = await planSession();
    sandbox.platforms.stripe.completeCheckout(session.id);
    const id = sandbox.platforms.stripe.subscriptions()[0]?.id as string;
    await expect(stripe.subscriptions.cancel(id, { prorate: true })).rejects.toMatchObject({
      statusCode: 400,
      param: 'prorate',
      message: expect.stringContaining('platform sandbox does not support'),
    });
    const canceled = await stripe.subscriptions.cancel(id, {
      cancellation_details: { comment: 'Too pricey', feedback: 'too_expensive' },
    });
    expect(canceled.cancellation_details).toEqual({
      comment: 'Too pricey',
      feedback: 'too_expensive',
      reason: 'cancellation_requested',
    });
    await expect(planSession({ subscription_data: { trial_period_days: 7 } } as never)).rejects.toMatchObject(
      { param: 'subscription_data[trial_period_days]' },
    );
  });

  it('lets injected faults answer for /v1 routes', async () => {
    sandbox.faults.inject({
      method: 'POST',
      path: '/v1/customers',
      status: 503,
      body: { error: { type: 'api_error', message: 'Down' } },
    });
    await expect(stripe.customers.create({ email: 'a@example.com' })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect((await stripe.customers.create({ email: 'a@example.com' })).email).toBe('a@example.com');
  });

  it('answers an unknown URL as Stripe does', async () => {
    const answer = await fetch(`${sandbox.url}/v1/nothing`, {
      headers: { authorization: `Bearer ${sandbox.platforms.stripe.app().secretKey}` },
    });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/nothing\)/,
    );
  });
});
