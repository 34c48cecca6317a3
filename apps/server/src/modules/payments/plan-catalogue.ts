import type { TBillingInterval } from '@sales-assist/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { creditPacks, type PlanLimits, plans, subscriptions } from '../../db/schema';
import { HOLDING_STATUSES } from '../plan-limits/plan-allowance';

export type PlanRow = typeof plans.$inferSelect;
export type CreditPackRow = typeof creditPacks.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const priceOf = (plan: PlanRow, interval: TBillingInterval): number =>
  interval === 'year' ? plan.annualPriceCents : plan.monthlyPriceCents;

/** Credits one paid period adds: a month's, or twelve months' for a year paid at once. */
export const creditsOf = (plan: Pick<PlanRow, 'monthlyCredits'>, interval: TBillingInterval): number =>
  plan.monthlyCredits * (interval === 'year' ? 12 : 1);

/** A plan is free when it costs nothing at either interval: it is what an account has without paying. */
export const isFree = (plan: PlanRow): boolean => plan.monthlyPriceCents === 0 && plan.annualPriceCents === 0;

export const limitsOf = (plan: PlanRow): PlanLimits => ({
  blogs_limit: plan.limits.blogs_limit,
  blogs_topic_limit: plan.limits.blogs_topic_limit,
  google_ads_limit: plan.limits.google_ads_limit,
  social_media_posts_limit: plan.limits.social_media_posts_limit,
});

export const activePlans = (db: DbOrTx): Promise<PlanRow[]> =>
  db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder), asc(plans.id));

export const activeCreditPacks = (db: DbOrTx): Promise<CreditPackRow[]> =>
  db
    .select()
    .from(creditPacks)
    .where(eq(creditPacks.active, true))
    .orderBy(asc(creditPacks.sortOrder), asc(creditPacks.id));

export const planById = async (db: DbOrTx, id: string): Promise<PlanRow | null> => {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row ?? null;
};

/** The account's subscription that still holds its plan (active, trialing, past_due), newest first. */
export const holdingSubscriptionOf = async (db: DbOrTx, userId: string): Promise<SubscriptionRow | null> => {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...HOLDING_STATUSES])))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
};
