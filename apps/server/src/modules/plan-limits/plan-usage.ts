import { PLAN_LIMIT_METRICS, PLAN_LIMITS, type TPlanUsageResponse } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { rowsOf } from '../campaigns/sql-rows';
import { planPeriodOf } from './plan-period';
import type { Tier } from './take-plan-units';

/** The Plan screen's used / total for the current month (spec §3 plan: totalData, currentData). */
export const planUsageOf = async (
  db: DbOrTx,
  request: { userId: string; tier: Tier; now: Date },
): Promise<TPlanUsageResponse> => {
  const { period, resetsOn } = planPeriodOf(request.now);
  const rows = rowsOf<{ metric: string; used: number }>(
    await db.execute(sql`
      select metric, used from plan_usage where user_id = ${request.userId} and period = ${period}`),
  );
  const usedOf = new Map(rows.map((row) => [row.metric, Number(row.used)]));
  const limits = Object.keys(PLAN_LIMIT_METRICS) as (keyof typeof PLAN_LIMIT_METRICS)[];
  return {
    subscription_type: request.tier,
    period: period.slice(0, 7),
    resets_on: resetsOn,
    totalData: { ...PLAN_LIMITS[request.tier] },
    currentData: Object.fromEntries(
      limits.map((limit) => [limit, usedOf.get(PLAN_LIMIT_METRICS[limit]) ?? 0]),
    ) as TPlanUsageResponse['currentData'],
  };
};
