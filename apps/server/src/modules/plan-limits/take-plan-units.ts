import {
  PLAN_LIMIT_METRICS,
  PLAN_LIMITS,
  PREMIUM_POPUP_TEXTS,
  type TPlanMetric,
} from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { AppError } from '../../http/errors';
import { rowsOf } from '../campaigns/sql-rows';
import { planPeriodOf } from './plan-period';

export type Tier = keyof typeof PLAN_LIMITS;

const LIMIT_OF_METRIC = Object.fromEntries(
  Object.entries(PLAN_LIMIT_METRICS).map(([limit, metric]) => [metric, limit]),
) as Record<TPlanMetric, keyof (typeof PLAN_LIMITS)['Premium']>;

export const planLimitOf = (tier: Tier, metric: TPlanMetric): number =>
  PLAN_LIMITS[tier][LIMIT_OF_METRIC[metric]];

/** The 402 of a reached limit, in the premium pop-up's words for the tier (spec §6). */
export const planLimitReached = (tier: Tier, metric: TPlanMetric, limit: number, used: number): AppError =>
  new AppError(402, 'plan_limit_reached', PREMIUM_POPUP_TEXTS[tier].message, {
    title: PREMIUM_POPUP_TEXTS[tier].title,
    metric,
    limit,
    used,
  });

/**
 * Takes `units` of this month's allowance inside the caller's transaction. The conditional upsert
 * locks the counter row, so two requests at the last unit never both pass; when the transaction
 * rolls back, the units were never taken. Answers the period, to give them back on a later failure.
 */
export const takePlanUnits = async (
  tx: DbOrTx,
  request: { userId: string; tier: Tier; metric: TPlanMetric; units?: number; now: Date },
): Promise<{ period: string }> => {
  const units = request.units ?? 1;
  const limit = planLimitOf(request.tier, request.metric);
  const { period } = planPeriodOf(request.now);
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
    throw planLimitReached(request.tier, request.metric, limit, used);
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

const unitsUsed = async (
  tx: DbOrTx,
  userId: string,
  metric: TPlanMetric,
  period: string,
): Promise<number> => {
  const [row] = rowsOf<{ used: number }>(
    await tx.execute(sql`
      select used from plan_usage where user_id = ${userId} and period = ${period} and metric = ${metric}`),
  );
  return row?.used ?? 0;
};
