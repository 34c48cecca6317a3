import type Stripe from 'stripe';

/**
 * Reading the parts of Stripe's objects fulfilment needs. Since API version 2025-03-31 a subscription's
 * period is on its items and an invoice names its subscription under parent.subscription_details; the
 * older places are read too, for events of endpoints pinned to an older version.
 */
type Legacy = { current_period_start?: number; current_period_end?: number; subscription?: unknown };

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
 * The interval billed now: the item's price first (a switch made in the portal changes the price, not our
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
  invoice.parent?.subscription_details?.metadata ?? {};

/**
 * The service period an invoice pays for: its subscription line's (the invoice's own period_* is the
 * previous one). A change of interval bills the unused time back on a line of its own; the longest line
 * is the period bought.
 */
export const invoicePeriodOf = (invoice: Stripe.Invoice): { start: Date; end: Date } | null => {
  const lines = (invoice.lines?.data ?? []).filter((entry) => entry.period?.start && entry.period?.end);
  const longest = lines.sort((a, b) => b.period.end - b.period.start - (a.period.end - a.period.start))[0];
  return longest ? { start: dateOf(longest.period.start), end: dateOf(longest.period.end) } : null;
};
