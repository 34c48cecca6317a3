import type { StripeEvent } from './event';

/**
 * The API versions events are sent in. Stripe renders an event for each endpoint in the endpoint's own
 * `api_version` when it was made through the API with one, else in the account's default version: an
 * endpoint made in the Dashboard gets the default, which is whatever the account was created with (an
 * older account: a version from before 2025-03-31.basil). The stand-in's account is such an account, so
 * an app that trusts the payload's shape meets the old shape here as it would on Stripe.
 */
export const ACCOUNT_DEFAULT_API_VERSION = '2025-02-24.acacia';

/** 2025-03-31.basil moved an invoice's subscription under `parent` and a subscription's period onto its items. */
const BASIL = '2025-03-31';

const isBeforeBasil = (version: string): boolean => version.slice(0, 10) < BASIL;

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** An invoice line as acacia shaped it: `price`, `proration` and `subscription` on the line itself. */
const acaciaLine = (line: Json): Json => {
  const { parent, pricing, ...rest } = line;
  const details = objectAt(objectAt(parent)?.subscription_item_details);
  const price = objectAt(objectAt(pricing)?.price_details);
  return {
    ...rest,
    type: 'subscription',
    proration: details?.proration === true,
    subscription: details?.subscription ?? null,
    subscription_item: details?.subscription_item ?? null,
    price: price
      ? {
          id: price.price,
          object: 'price',
          product: price.product,
          unit_amount_decimal: objectAt(pricing)?.unit_amount_decimal ?? null,
        }
      : null,
  };
};

/** An invoice as acacia shaped it: `subscription` and `subscription_details` at the top, no `parent`. */
const acaciaInvoice = (invoice: Json): Json => {
  const { parent, ...rest } = invoice;
  const details = objectAt(objectAt(parent)?.subscription_details);
  const lines = objectAt(invoice.lines);
  const data = Array.isArray(lines?.data) ? (lines.data as Json[]) : [];
  return {
    ...rest,
    subscription: details?.subscription ?? null,
    subscription_details: details ? { metadata: details.metadata ?? null } : null,
    lines: lines ? { ...lines, data: data.map(acaciaLine) } : lines,
  };
};

/** A subscription as acacia shaped it: its period at the top, none on the items. */
const acaciaSubscription = (subscription: Json): Json => {
  const items = objectAt(subscription.items);
  const data = Array.isArray(items?.data) ? (items.data as Json[]) : [];
  const first = data[0];
  return {
    ...subscription,
    current_period_start: first?.current_period_start ?? null,
    current_period_end: first?.current_period_end ?? null,
    items: items
      ? {
          ...items,
          data: data.map(({ current_period_start: _start, current_period_end: _end, ...item }) => item),
        }
      : items,
  };
};

const inOlderShape = (object: Json): Json =>
  object.object === 'invoice'
    ? acaciaInvoice(object)
    : object.object === 'subscription'
      ? acaciaSubscription(object)
      : object;

/** The event as an endpoint receives it: in its `api_version`, or the account's default without one. */
export const eventForEndpoint = (event: StripeEvent, endpointApiVersion: string | null): StripeEvent => {
  const version = endpointApiVersion ?? ACCOUNT_DEFAULT_API_VERSION;
  if (!isBeforeBasil(version)) return { ...event, api_version: version };
  return {
    ...event,
    api_version: version,
    data: { ...event.data, object: inOlderShape(event.data.object) },
  };
};
