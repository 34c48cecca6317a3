import { PREMIUM_POPUP_TEXTS, type TPlanLimitReachedBody, type TPlanMetric } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { rowsOf } from '../../db/sql-rows';
import { AppError } from '../../http/errors';
import { limitOf, planAllowanceOf, type Tier, unitsUsed } from './plan-allowance';

export type { Tier } from './plan-allowance';

/**
 * The 402 of a reached limit, in the premium pop-up's words for the tier (spec §6), with which limit, what
 * the period used of it and the day it starts again (ZPlanLimitReachedBody), so the pop-up can say so.
 */
export const planLimitReached = (
  allowance: { tier: Tier; resetsOn: string },
  metric: TPlanMetric,
  limit: number,
  used: number,
): AppError =>
  new AppError(402, 'plan_limit_reached', PREMIUM_POPUP_TEXTS[allowance.tier].message, {
    title: PREMIUM_POPUP_TEXTS[allowance.tier].title,
    metric,
    limit,
    used,
    resets_on: allowance.resetsOn,
  } satisfies Omit<TPlanLimitReachedBody, 'error' | 'message'>);

/**
 * Takes `units` of the current period's allowance inside the caller's transaction, by the limits of the
 * caller's plan read in that same transaction (plan-allowance.ts). The conditional upsert locks the
 * counter row, so two requests at the last unit never both pass; when the transaction rolls back, the
 * units were never taken. Answers the period, to give them back on a later failure.
 */
export const takePlanUnits = async (
  tx: DbOrTx,
  request: { userId: string; metric: TPlanMetric; units?: number; now: Date },
): Promise<{ period: string }> => {
  const units = request.units ?? 1;
  const allowance = await planAllowanceOf(tx, request.userId, request.now);
  const { limits, period } = allowance;
  const limit = limitOf(limits, request.metric);
  const taken =
    units <= limit
      ? rowsOf<{ used: number }>(
          await tx.execute(sql`
            insert into plan_usage (user_id, period, metric, used)
            values (${request.userId}, ${period}, ${request.metric}, ${units})
            on conflict (user_id, period, metric)
            do update set used = plan_usage.used + ${units}
            where plan_usage.used + ${units} <= ${limit}
            returning used`),
        )
      : [];
  if (taken.length === 0) {
    const used = await unitsUsed(tx, request.userId, request.metric, period);
    throw planLimitReached(allowance, request.metric, limit, used);
  }
  return { period };
};

/** Gives units back to the period they were taken from (a generation that failed costs nothing). */
export const givePlanUnitsBack = async (
  tx: DbOrTx,
  request: { userId: string; metric: TPlanMetric; period: string; units?: number },
): Promise<void> => {
  await tx.execute(sql`
    update plan_usage set used = greatest(used - ${request.units ?? 1}, 0)
    where user_id = ${request.userId} and period = ${request.period} and metric = ${request.metric}`);
};
