import type { Interval, PriceRecord } from './records';

/**
 * Prices: made inline by Checkout's price_data and subscription items (the API, api-checkout.ts and
 * api-subscription-items.ts), rendered here, and the billing periods they recur over.
 */

/** Adds whole periods the way Stripe's billing anchors do: a month from the 31st ends on the last day. */
export const addPeriod = (unix: number, interval: Interval, count = 1): number => {
  const date = new Date(unix * 1000);
  if (interval === 'day') return unix + count * 86_400;
  if (interval === 'week') return unix + count * 7 * 86_400;
  const months = interval === 'month' ? count : count * 12;
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
};

export const renderPrice = (p: PriceRecord): Record<string, unknown> => ({
  id: p.id,
  object: 'price',
  active: false,
  billing_scheme: 'per_unit',
  created: p.created,
  currency: p.currency,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: null,
  metadata: {},
  nickname: null,
  product: p.productId,
  recurring: p.interval
    ? {
        interval: p.interval,
        interval_count: p.intervalCount,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      }
    : null,
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: p.interval ? 'recurring' : 'one_time',
  unit_amount: p.unitAmount,
  unit_amount_decimal: String(p.unitAmount),
});
