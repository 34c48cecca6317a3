import { PLAN_LIMIT_METRICS, type TPlanUsageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { planUsage } from '../../db/schema';
import { aiAllowanceOf } from './ai-allowance';
import { planAllowanceOf } from './plan-allowance';

/** The Plan screen's used / total for the current period (spec §3 plan: totalData, currentData). */
export const planUsageOf = async (
  db: DbOrTx,
  request: { userId: string; now: Date },
): Promise<TPlanUsageResponse> => {
  const allowance = await planAllowanceOf(db, request.userId, request.now);
  const rows = await db
    .select({ metric: planUsage.metric, used: planUsage.used })
    .from(planUsage)
    .where(and(eq(planUsage.userId, request.userId), eq(planUsage.period, allowance.period)));
  const ai = await aiAllowanceOf(db, request.userId, request.now);
  const usedOf = new Map(rows.map((row) => [row.metric as string, Number(row.used)]));
  const limits = Object.keys(PLAN_LIMIT_METRICS) as (keyof typeof PLAN_LIMIT_METRICS)[];
  return {
    subscription_type: allowance.tier,
    // A calendar month reads YYYY-MM; a subscription's period, the day it started.
    period: allowance.bySubscription ? allowance.period : allowance.period.slice(0, 7),
    resets_on: allowance.resetsOn,
    counted_per: allowance.bySubscription ? 'subscription_period' : 'calendar_month',
    totalData: {
      blogs_limit: allowance.limits.blogs_limit,
      blogs_topic_limit: allowance.limits.blogs_topic_limit,
      google_ads_limit: allowance.limits.google_ads_limit,
      social_media_posts_limit: allowance.limits.social_media_posts_limit,
    },
    currentData: Object.fromEntries(
      limits.map((limit) => [limit, usedOf.get(PLAN_LIMIT_METRICS[limit]) ?? 0]),
    ) as TPlanUsageResponse['currentData'],
    ai_requests: { limit: ai.limit, used: ai.used },
  };
};
