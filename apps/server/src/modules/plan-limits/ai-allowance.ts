import { AI_REQUESTS_METRIC, PREMIUM_POPUP_TEXTS, type TPlanLimitReachedBody } from '@sales-assist/contract';
import { and, count, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { aiUsage, plans } from '../../db/schema';
import { AppError } from '../../http/errors';
import { planAllowanceOf, type Tier } from './plan-allowance';

export type AiAllowance = {
  tier: Tier;
  /** Model-backed requests the plan allows a period; null: unlimited. */
  limit: number | null;
  /** ai_usage rows since the period began (every model request that answered, background work too). */
  used: number;
  /** The first day of the next period (YYYY-MM-DD): when the count starts again from zero. */
  resetsOn: string;
};

/**
 * The plan's monthly allowance of model use and what this period has used, per billing period like the §9
 * limits (plan-allowance.ts). Read in the caller's transaction from `plans`, so an admin's edit counts from
 * the next request on.
 */
export const aiAllowanceOf = async (db: DbOrTx, userId: string, now: Date): Promise<AiAllowance> => {
  const { tier, period, resetsOn } = await planAllowanceOf(db, userId, now);
  const [plan] = await db.select({ limit: plans.aiRequestsPerMonth }).from(plans).where(eq(plans.tier, tier));
  // The period is named by its first day (UTC); ai_usage has an index on (user_id, created_at).
  const since = new Date(`${period}T00:00:00.000Z`);
  const [row] = await db
    .select({ used: count() })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), gte(aiUsage.createdAt, since)));
  return { tier, limit: plan ? plan.limit : 0, used: Number(row?.used ?? 0), resetsOn };
};

/** The 402 of a used-up allowance: the premium pop-up's words and figures, like every other plan limit. */
export const aiAllowanceReached = (allowance: AiAllowance & { limit: number }): AppError =>
  new AppError(402, 'plan_limit_reached', PREMIUM_POPUP_TEXTS[allowance.tier].message, {
    title: PREMIUM_POPUP_TEXTS[allowance.tier].title,
    metric: AI_REQUESTS_METRIC,
    limit: allowance.limit,
    used: allowance.used,
    resets_on: allowance.resetsOn,
  } satisfies Omit<TPlanLimitReachedBody, 'error' | 'message'>);
