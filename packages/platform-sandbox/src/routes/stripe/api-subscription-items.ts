import type { ApiRoute } from './api-route';
import { invalidParam, missingParam, noSuch } from './errors';
import type { ParamObject } from './form';
import { int, list, object, oneOf, only, requiredStr, str } from './params';
import type { Interval, PriceRecord, SubscriptionRecord } from './records';
import type { StripeWorld } from './world';

/**
 * Products, and the part of POST /v1/subscriptions/:id that moves a subscription's item to another price
 * (`items[0][id]` with `price` or inline `price_data`), as Stripe takes it: a subscription item's
 * `price_data` names an existing `product` (Stripe takes no `product_data` there), the currency stays the
 * subscription's, and `proration_behavior`, `billing_cycle_anchor` and `payment_behavior` say how it is billed.
 */

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
const MAX_AMOUNT = 99_999_999;
const MAX_QUANTITY = 999_999;
export const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'] as const;

/** A product exists once a price was made for it (Checkout's product_data makes one with its price). */
const productOf = (world: StripeWorld, id: string): PriceRecord | undefined =>
  [...world.state.prices.values()]
    .filter((price) => price.productId === id)
    .sort((a, b) => a.created - b.created)[0];

export const renderProduct = (first: PriceRecord) => ({
  id: first.productId,
  object: 'product',
  active: true,
  created: first.created,
  default_price: null,
  description: null,
  images: [],
  livemode: false,
  marketing_features: [],
  metadata: {},
  name: first.productName,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  type: 'service',
  unit_label: null,
  updated: first.created,
  url: null,
});

/** The new price of `items[0]` (an id, or price_data made into an inline price), checked against the item. */
export const itemChangeOf = (
  world: StripeWorld,
  subscription: SubscriptionRecord,
  params: ParamObject,
): { price: PriceRecord; quantity: number } | null => {
  const items = list(params, 'items');
  if (!items) return null;
  if (items.length !== 1)
    throw invalidParam(
      'items',
      'The platform sandbox plays subscriptions of one item: change items[0] only.',
    );
  const raw = items[0];
  const name = 'items[0]';
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalidParam(name, 'Invalid hash');
  const item = raw as ParamObject;
  only(item, ['id', 'price', 'price_data', 'quantity', 'metadata'], name, [
    'deleted',
    'clear_usage',
    'discounts',
    'tax_rates',
    'billing_thresholds',
  ]);
  const itemId = str(item, 'id', `${name}[id]`);
  // Without an id Stripe would add a second item beside the first.
  if (!itemId)
    throw invalidParam(
      `${name}[id]`,
      'The platform sandbox plays subscriptions of one item: name it with items[0][id].',
    );
  if (itemId !== subscription.itemId) throw noSuch('subscription item', itemId, `${name}[id]`);
  const quantity = int(item, 'quantity', `${name}[quantity]`) ?? subscription.quantity;
  if (quantity < 1 || quantity > MAX_QUANTITY)
    throw invalidParam(`${name}[quantity]`, `Quantity must be between 1 and ${MAX_QUANTITY}.`);
  const current = world.state.prices.get(subscription.priceId);
  const priceId = str(item, 'price', `${name}[price]`);
  if (priceId) {
    const price = world.state.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, `${name}[price]`);
    if (!price.interval)
      throw invalidParam(`${name}[price]`, 'The price specified is not a recurring price.');
    return { price, quantity };
  }
  const data = object(item, 'price_data', `${name}[price_data]`);
  if (!data) return current ? { price: current, quantity } : null;
  const dataName = `${name}[price_data]`;
  only(
    data,
    ['currency', 'unit_amount', 'unit_amount_decimal', 'product', 'recurring', 'tax_behavior'],
    dataName,
  );
  const currency = requiredStr(data, 'currency', `${dataName}[currency]`).toLowerCase();
  if (current && currency !== current.currency)
    throw invalidParam(
      `${dataName}[currency]`,
      `The price currency (${currency}) must match the subscription's currency (${current.currency}).`,
    );
  const amount = int(data, 'unit_amount', `${dataName}[unit_amount]`);
  if (amount === undefined) throw missingParam(`${dataName}[unit_amount]`);
  if (amount < 0 || amount > MAX_AMOUNT)
    throw invalidParam(`${dataName}[unit_amount]`, `This value must be between 0 and ${MAX_AMOUNT}.`);
  const productId = requiredStr(data, 'product', `${dataName}[product]`);
  const product = productOf(world, productId);
  if (!product) throw noSuch('product', productId, `${dataName}[product]`);
  const recurring = object(data, 'recurring', `${dataName}[recurring]`);
  if (!recurring) throw missingParam(`${dataName}[recurring]`);
  only(recurring, ['interval', 'interval_count'], `${dataName}[recurring]`);
  const interval: Interval | undefined = oneOf(
    recurring,
    'interval',
    INTERVALS,
    `${dataName}[recurring][interval]`,
  );
  if (!interval) throw missingParam(`${dataName}[recurring][interval]`);
  const intervalCount = int(recurring, 'interval_count', `${dataName}[recurring][interval_count]`) ?? 1;
  if (intervalCount < 1)
    throw invalidParam(`${dataName}[recurring][interval_count]`, 'interval_count must be at least 1.');
  return {
    price: {
      id: world.newId('price_'),
      productId,
      productName: product.productName,
      created: world.unix(),
      currency,
      unitAmount: amount,
      interval,
      intervalCount,
    },
    quantity,
  };
};

/** billing_cycle_anchor on an update: `now` restarts the period, `unchanged` keeps it (Stripe's two values). */
export const resetAnchorOf = (params: ParamObject): boolean =>
  oneOf(params, 'billing_cycle_anchor', ['now', 'unchanged'] as const) === 'now';

export const registerProductApi = (route: ApiRoute, world: StripeWorld) => {
  route('GET', '/products/:id', ({ params, req }) => {
    only(params, ['expand']);
    const id = (req.params as { id: string }).id;
    const first = productOf(world, id);
    if (!first) throw noSuch('product', id);
    return renderProduct(first);
  });
};
