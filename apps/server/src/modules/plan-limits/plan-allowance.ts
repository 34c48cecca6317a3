import { PLAN_LIMIT_METRICS, type TPlanMetric } from '@sales-assist/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { DbOrTx } from '../../db/open-database';
import { type PlanLimits, plans, planUsage, subscriptions, users } from '../../db/schema';
import { planPeriodOf } from './plan-period';

export type Tier = 'Basic' | 'Premium';

/** Subscription statuses that still hold the plan (past_due: Stripe is retrying the card). */
export const HOLDING_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** What the caller may use now: the tier's limits (plans as data) and the period they count in. */
export type PlanAllowance = {
  tier: Tier;
  limits: PlanLimits;
  /** plan_usage.period: the first day of the period (YYYY-MM-DD). */
  period: string;
  /** The first day of the next period (YYYY-MM-DD): when the counts start again from zero. */
  resetsOn: string;
  /** Whether the period is a paid subscription's (else the calendar month in UTC). */
  bySubscription: boolean;
};

const NO_LIMITS: PlanLimits = {
  blogs_limit: 0,
  blogs_topic_limit: 0,
  google_ads_limit: 0,
  social_media_posts_limit: 0,
};

const LIMIT_OF_METRIC = Object.fromEntries(
  Object.entries(PLAN_LIMIT_METRICS).map(([limit, metric]) => [metric, limit]),
) as Record<TPlanMetric, keyof PlanLimits>;

export const limitOf = (limits: PlanLimits, metric: TPlanMetric): number => limits[LIMIT_OF_METRIC[metric]];

const isoDate = (date: DateTime): string => date.toISODate() ?? '';

/**
 * The period of a paying account that holds `now`. The limits are monthly (spec §9), so a monthly
 * subscription counts per billing period exactly, and an annual one per month from its period's start
 * (the same day each month, as Stripe anchors its billing). A renewal's webhook may come a little after
 * the period ended (or never, when the subscription was cut off outside Stripe's events): the months then
 * go on from the same anchor, so counts still restart on time.
 */
export const subscriptionPeriodAt = (
  now: Date,
  sub: { start: Date; end: Date; interval: 'month' | 'year' },
): { period: string; resetsOn: string } => {
  const anchor = DateTime.fromJSDate(sub.start, { zone: 'utc' });
  const end = DateTime.fromJSDate(sub.end, { zone: 'utc' });
  const at = DateTime.fromJSDate(now, { zone: 'utc' });
  if (sub.interval === 'month' && at < end) return { period: isoDate(anchor), resetsOn: isoDate(end) };
  // Months are counted from the anchor, never step by step, so a 31st stays the 31st after February.
  let months = Math.max(0, Math.floor(at.diff(anchor, 'months').months));
  while (months > 0 && anchor.plus({ months }) > at) months -= 1;
  while (anchor.plus({ months: months + 1 }) <= at) months += 1;
  const start = anchor.plus({ months });
  const next = anchor.plus({ months: months + 1 });
  return { period: isoDate(start), resetsOn: isoDate(start < end && next > end ? end : next) };
};

/**
 * Reads the caller's tier (users.subscription_type, the one effective tier), that tier's limits from
 * `plans` and the current period, in the caller's transaction: an admin's edit of a plan, or a webhook
 * changing the tier, counts from the next request on (no cache to go stale). The period is the paid
 * subscription's (its billing period, or a month of an annual one) for an account that holds one
 * (active, trialing, past_due), else the calendar month in UTC.
 */
export const planAllowanceOf = async (db: DbOrTx, userId: string, now: Date): Promise<PlanAllowance> => {
  const [row] = await db
    .select({ tier: users.subscriptionType, limits: plans.limits })
    .from(users)
    .leftJoin(plans, eq(plans.tier, users.subscriptionType))
    .where(eq(users.id, userId));
  const tier: Tier = row?.tier ?? 'Basic';
  // A tier without a plan row allows nothing rather than guessing limits nobody set.
  const limits: PlanLimits = { ...NO_LIMITS, ...(row?.limits ?? {}) };
  const [sub] = await db
    .select({
      start: subscriptions.currentPeriodStart,
      end: subscriptions.currentPeriodEnd,
      interval: subscriptions.interval,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...HOLDING_STATUSES])))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  if (sub) return { tier, limits, ...subscriptionPeriodAt(now, sub), bySubscription: true };
  const month = planPeriodOf(now);
  return { tier, limits, period: month.period, resetsOn: month.resetsOn, bySubscription: false };
};

/** Units of `metric` used in `period`. */
export const unitsUsed = async (
  db: DbOrTx,
  userId: string,
  metric: TPlanMetric,
  period: string,
): Promise<number> => {
  const [row] = await db
    .select({ used: sql<number>`${planUsage.used}` })
    .from(planUsage)
    .where(and(eq(planUsage.userId, userId), eq(planUsage.period, period), eq(planUsage.metric, metric)));
  return Number(row?.used ?? 0);
};
