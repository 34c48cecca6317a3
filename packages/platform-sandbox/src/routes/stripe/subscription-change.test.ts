import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { premiumCheckout, sdkFor } from './test-support';

/** Switching a subscription's price (interval or plan) through POST /v1/subscriptions/:id, with the SDK. */

let sandbox: PlatformSandbox;
let stripe: Stripe;
let now: number;
const DAY = 86_400_000;

beforeEach(async () => {
  now = Date.UTC(2026, 10, 1, 12);
  sandbox = await startPlatformSandbox({ now: () => new Date(now) });
  stripe = sdkFor(sandbox);
});
afterEach(async () => {
  await sandbox.close();
});

/** A paid monthly subscription at $49, as the app's Checkout makes it. */
const subscribe = async (card?: string) => {
  const session = await stripe.checkout.sessions.create(
    premiumCheckout({
      subscription_data: { metadata: { user_id: 'user-1', plan_id: 'premium', interval: 'month' } },
    }),
  );
  sandbox.platforms.stripe.completeCheckout(session.id, card ? { card } : {});
  const done = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(String(done.subscription));
};

const toAnnual = (
  subscription: Stripe.Subscription,
  extra: Partial<Stripe.SubscriptionUpdateParams> = {},
) => {
  const item = subscription.items.data[0] as Stripe.SubscriptionItem;
  return stripe.subscriptions.update(
    subscription.id,
    {
      items: [
        {
          id: item.id,
          price_data: {
            currency: 'usd',
            unit_amount: 47000,
            product: String(item.price.product),
            recurring: { interval: 'year' },
          },
        },
      ],
      metadata: { interval: 'year' },
      proration_behavior: 'always_invoice',
      // dahlia's string form (the SDK is typed for endive, where it became { type: 'now' }).
      billing_cycle_anchor: 'now' as never,
      ...extra,
    },
    { idempotencyKey: `switch-${subscription.id}-${JSON.stringify(extra)}` },
  );
};

describe('changing a subscription’s price in the Stripe stand-in', () => {
  it('makes a product for Checkout’s product_data, which a subscription item’s price names', async () => {
    const subscription = await subscribe();
    const productId = String(subscription.items.data[0]?.price.product);
    expect(productId).toMatch(/^prod_/);
    const product = await stripe.products.retrieve(productId);
    expect(product).toMatchObject({ id: productId, object: 'product', name: 'Premium', active: true });
    await expect(stripe.products.retrieve('prod_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('switches monthly to annual: the period restarts now, the difference is invoiced and paid, events follow', async () => {
    const subscription = await subscribe();
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    now += 10 * DAY; // a third of November used: 20 of its 30 days are left
    const updated = await toAnnual(subscription);
    const nowSeconds = Math.floor(now / 1000);
    const newItem = updated.items.data[0] as Stripe.SubscriptionItem;
    expect(newItem.id).toBe(item.id);
    expect(newItem.price).toMatchObject({ unit_amount: 47000, recurring: { interval: 'year' } });
    expect(newItem.price.product).toBe(item.price.product);
    expect(newItem.current_period_start).toBe(nowSeconds);
    expect(newItem.current_period_end).toBe(Date.UTC(2027, 10, 11, 12) / 1000);
    expect(updated.billing_cycle_anchor).toBe(nowSeconds);
    expect(updated.metadata).toEqual({ user_id: 'user-1', plan_id: 'premium', interval: 'year' });
    expect(updated.status).toBe('active');

    const invoice = await stripe.invoices.retrieve(String(updated.latest_invoice));
    const unused = Math.round((4900 * 20) / 30);
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: 47000 - unused,
      amount_paid: 47000 - unused,
    });
    expect(
      invoice.lines.data.map((line) => [line.amount, line.parent?.subscription_item_details?.proration]),
    ).toEqual([
      [-unused, true],
      [47000, false],
    ]);
    expect(invoice.parent?.subscription_details?.metadata).toMatchObject({ interval: 'year' });

    const events = sandbox.platforms.stripe.events().slice(-2);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const previous = events[0]?.data.previous_attributes as Record<string, unknown>;
    expect(previous).toHaveProperty('metadata', { user_id: 'user-1', plan_id: 'premium', interval: 'month' });
    expect(previous).toHaveProperty('items');
    expect(events[0]?.request).toMatchObject({ idempotency_key: expect.stringContaining('switch-') });

    // The same key replays the answer: one switch, one charge.
    const again = await toAnnual(subscription);
    expect(again.latest_invoice).toBe(updated.latest_invoice);
    expect(sandbox.platforms.stripe.invoices()).toHaveLength(2);
  });

  it('switches annual back to monthly: the unused year becomes credit that pays the next invoices', async () => {
    const subscription = await subscribe();
    await toAnnual(subscription);
    now += 30 * DAY;
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const monthly = await stripe.subscriptions.update(subscription.id, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: 'usd',
            unit_amount: 4900,
            product: String(item.price.product),
            recurring: { interval: 'month' },
          },
        },
      ],
      proration_behavior: 'always_invoice',
      // dahlia's string form (the SDK is typed for endive, where it became { type: 'now' }).
      billing_cycle_anchor: 'now' as never,
    });
    const invoice = await stripe.invoices.retrieve(String(monthly.latest_invoice));
    expect(invoice.status).toBe('paid');
    expect(invoice.amount_paid).toBe(0);
    expect(invoice.total).toBeLessThan(0);
    const customer = (await stripe.customers.retrieve(String(monthly.customer))) as Stripe.Customer;
    expect(customer.balance).toBe(invoice.total);
    // The renewal is paid from the credit.
    sandbox.platforms.stripe.renewSubscription(subscription.id);
    const renewal = await stripe.invoices.retrieve(
      String((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice),
    );
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 0,
      total: 4900,
    });
    expect(renewal.starting_balance).toBe(invoice.total);
  });

  it('changes the price within the period with prorations invoiced at once, or none', async () => {
    const subscription = await subscribe();
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    now += 15 * DAY;
    const price = (amount: number) => ({
      currency: 'usd',
      unit_amount: amount,
      product: String(item.price.product),
      recurring: { interval: 'month' as const },
    });
    const dearer = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price_data: price(9900) }],
      proration_behavior: 'always_invoice',
    });
    expect(dearer.items.data[0]?.current_period_start).toBe(subscription.items.data[0]?.current_period_start);
    const invoice = await stripe.invoices.retrieve(String(dearer.latest_invoice));
    expect(invoice.total).toBe(Math.round(9900 / 2) - Math.round(4900 / 2));
    expect(invoice.lines.data.every((line) => line.parent?.subscription_item_details?.proration)).toBe(true);
    const quiet = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price_data: price(1900) }],
      proration_behavior: 'none',
    });
    expect(quiet.latest_invoice).toBe(dearer.latest_invoice);
    expect(quiet.items.data[0]?.price.unit_amount).toBe(1900);
  });

  it('refuses what Stripe refuses, and a declined charge with error_if_incomplete changes nothing', async () => {
    const subscription = await subscribe('4000000000000341');
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [
          { id: item.id, price_data: { currency: 'usd', unit_amount: 100, recurring: { interval: 'year' } } },
        ],
      } as Stripe.SubscriptionUpdateParams),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'items[0][price_data][product]' });
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [
          {
            id: item.id,
            price_data: {
              currency: 'usd',
              unit_amount: 100,
              product: 'prod_nope',
              recurring: { interval: 'year' },
            },
          },
        ],
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'items[0][price_data][product]' });
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [
          {
            id: 'si_other',
            price_data: {
              currency: 'usd',
              unit_amount: 100,
              product: String(item.price.product),
              recurring: { interval: 'year' },
            },
          },
        ],
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'items[0][id]' });
    await expect(
      stripe.subscriptions.update(subscription.id, { proration_behavior: 'sometimes' as never }),
    ).rejects.toMatchObject({ param: 'proration_behavior' });

    await expect(toAnnual(subscription, { payment_behavior: 'error_if_incomplete' })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
    const unchanged = await stripe.subscriptions.retrieve(subscription.id);
    expect(unchanged.items.data[0]?.price.unit_amount).toBe(4900);
    expect(unchanged.status).toBe('active');

    // Stripe's default (allow_incomplete): the change is made, the invoice stays open, past due.
    const pastDue = await toAnnual(subscription);
    expect(pastDue.status).toBe('past_due');
    expect(sandbox.platforms.stripe.events().at(-1)?.type).toBe('invoice.payment_failed');
  });
});
