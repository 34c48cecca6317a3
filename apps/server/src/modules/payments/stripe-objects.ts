import type Stripe from 'stripe';

/**
 * Reading the parts of Stripe's objects fulfilment needs. Since API version 2025-03-31 a subscription's
 * period is on its items and an invoice names its subscription under parent.subscription_details.
 * Fulfilment reads the objects from Stripe in the pinned version (stripe-current.ts); the older places are
 * read too, so an object in an older version's shape is never misread as "no subscription".
 */
type Legacy = {
  current_period_start?: number;
  current_period_end?: number;
  subscription?: unknown;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
};

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export const dateOf = (seconds: number): Date => new Date(seconds * 1000);

export const subscriptionPeriodOf = (
  subscription: Stripe.Subscription,
): { start: Date; end: Date } | null => {
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as Legacy;
  const start = item?.current_period_start ?? legacy.current_period_start;
  const end = item?.current_period_end ?? legacy.current_period_end;
  return start && end ? { start: dateOf(start), end: dateOf(end) } : null;
};

/**
 * The interval billed now: the item's price first (a switch changes the price; a change made elsewhere may leave our
 * metadata), our metadata when the price does not say.
 */
export const subscriptionIntervalOf = (subscription: Stripe.Subscription): 'month' | 'year' | null => {
  const interval: string | undefined = subscription.items?.data?.[0]?.price?.recurring?.interval;
  if (interval === 'month' || interval === 'year') return interval;
  const given = subscription.metadata?.interval;
  return given === 'month' || given === 'year' ? given : null;
};

/** A paid period longer than half a year was a year's (an invoice's lines carry no interval of their own). */
export const intervalOfPeriod = (period: { start: Date; end: Date }): 'month' | 'year' =>
  period.end.getTime() - period.start.getTime() > 183 * 86_400_000 ? 'year' : 'month';

export const invoiceSubscriptionIdOf = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ??
  idOf((invoice as unknown as Legacy).subscription as string | { id: string } | null | undefined);

/** The subscription's metadata as it was when the invoice was made (our user_id, plan_id, interval). */
export const invoiceMetadataOf = (invoice: Stripe.Invoice): Record<string, string> =>
  invoice.parent?.subscription_details?.metadata ??
  (invoice as unknown as Legacy).subscription_details?.metadata ??
  {};

type InvoiceLine = Stripe.InvoiceLineItem;

/** A line that prorates a change (unused time back, remaining time on a new price), not a period bought. */
const isProration = (line: InvoiceLine): boolean =>
  line.parent?.subscription_item_details?.proration === true ||
  (line as unknown as { proration?: boolean }).proration === true;

/**
 * The service period an invoice pays for: its subscription line's (the invoice's own period_* is the
 * previous one). A change of interval bills the unused time back on a proration line of its own, which
 * may be longer than the period bought (a year switched to a month): the longest line that is not a
 * proration is the period, the longest line only when every line is one.
 */
export const invoicePeriodOf = (invoice: Stripe.Invoice): { start: Date; end: Date } | null => {
  const lines = (invoice.lines?.data ?? []).filter((entry) => entry.period?.start && entry.period?.end);
  const periods = lines.some((line) => !isProration(line))
    ? lines.filter((line) => !isProration(line))
    : lines;
  const longest = periods.sort((a, b) => b.period.end - b.period.start - (a.period.end - a.period.start))[0];
  return longest ? { start: dateOf(longest.period.start), end: dateOf(longest.period.end) } : null;
};

/**
 * Whether an invoice bought a period of the plan: a line for a period (not a proration) at a price. Such
 * an invoice may charge nothing when the customer's credit (a switch from a year to a month gives the
 * unused year back) pays it, and still starts a paid period. An invoice of prorations only (a change
 * within the period), or one for nothing, buys none. Lines without amounts: what was paid decides.
 */
export const invoiceBuysPeriod = (invoice: Stripe.Invoice): boolean => {
  const lines = (invoice.lines?.data ?? []).filter((line) => typeof line.amount === 'number');
  if (lines.length === 0) return typeof invoice.amount_paid !== 'number' || invoice.amount_paid > 0;
  return lines.some((line) => !isProration(line) && line.amount > 0);
};
