import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { rowsOf } from '../../db/sql-rows';
import type { AiAllowance } from '../plan-limits/ai-allowance';
import { HOLDING_STATUSES, subscriptionPeriodAt, type Tier } from '../plan-limits/plan-allowance';
import { planPeriodOf } from '../plan-limits/plan-period';

const WINDOW_MS = 60_000;

/** What the gate decides: the request is counted, or refused for the allowance (402) or the minute (429). */
export type AiBudgetCheck =
  | { outcome: 'counted' }
  | { outcome: 'allowance'; allowance: AiAllowance & { limit: number } }
  | { outcome: 'minute'; retryAfterSeconds: number };

type PlanRow = {
  tier: Tier | null;
  has_plan: boolean;
  ai_limit: number | null;
  sub_start: Date | string | null;
  sub_end: Date | string | null;
  sub_interval: 'month' | 'year' | null;
};

/**
 * The account's tier, its plan's monthly allowance and its paid subscription, in one statement (the same
 * rows planAllowanceOf and aiAllowanceOf read in four): the period they make is worked out here, in code
 * shared with every other plan limit.
 */
const readPlan = async (db: Db, userId: string, now: Date) => {
  const [row] = rowsOf<PlanRow>(
    await db.execute(sql`
      select u.subscription_type as tier, p.tier is not null as has_plan, p.ai_requests_per_month as ai_limit,
        s.current_period_start as sub_start, s.current_period_end as sub_end, s.interval as sub_interval
      from (select ${userId}::uuid as id) as me
      left join users u on u.id = me.id
      left join plans p on p.tier = coalesce(u.subscription_type, 'Basic')
      left join lateral (
        select current_period_start, current_period_end, interval from subscriptions
        where user_id = me.id and status in (${sql.join(
          HOLDING_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        order by current_period_end desc limit 1
      ) s on true`),
  );
  const tier: Tier = row?.tier ?? 'Basic';
  const period =
    row?.sub_start && row.sub_end && row.sub_interval
      ? subscriptionPeriodAt(now, {
          start: new Date(row.sub_start),
          end: new Date(row.sub_end),
          interval: row.sub_interval,
        })
      : planPeriodOf(now);
  // A tier without a plan row allows nothing rather than guessing an allowance nobody set.
  const limit = row?.has_plan ? row.ai_limit : 0;
  return { tier, limit, ...period };
};

/**
 * Passes one model-backed request through the account's plan allowance and its minute, in two statements
 * (every statement costs a round trip, ~1 ms on the embedded database, and the first streamed byte of a
 * chat answer waits for these): the plan's allowance and period, then the period's usage counted and,
 * only while it is under the allowance, the request counted in the account's current minute
 * (throttle_counters, shared by every API process). The conditional upsert locks the counter row, so
 * racing requests at the last place never both pass, and a refused request takes no place. A request
 * that opens an account's new minute clears its older minutes in the same statement.
 */
export const checkAiBudget = async (
  db: Db,
  request: { userId: string; perMinute: number; now: Date },
): Promise<AiBudgetCheck> => {
  const plan = await readPlan(db, request.userId, request.now);
  const at = request.now.getTime();
  const windowStart = new Date(Math.floor(at / WINDOW_MS) * WINDOW_MS).toISOString();
  const key = `ai-requests:${request.userId}`;
  // The period is named by its first day (UTC); ai_usage has an index on (user_id, created_at).
  const since = `${plan.period}T00:00:00.000Z`;
  const [row] = rowsOf<{ used: number; hits: number | null }>(
    await db.execute(sql`
      with used as (
        select count(*)::int as n from ai_usage
        where user_id = ${request.userId}::uuid and created_at >= ${since}::timestamptz
      ), counted as (
        insert into throttle_counters (key, window_start, hits)
        select ${key}, ${windowStart}::timestamptz, 1
        where ${plan.limit}::int is null or (select n from used) < ${plan.limit}::int
        on conflict (key, window_start)
        do update set hits = throttle_counters.hits + 1
        where throttle_counters.hits < ${request.perMinute}
        returning hits
      ), cleared as (
        delete from throttle_counters
        where key = ${key} and window_start < ${windowStart}::timestamptz and (select hits from counted) = 1
      )
      select (select n from used) as used, (select hits from counted) as hits`),
  );
  const used = Number(row?.used ?? 0);
  if (plan.limit !== null && used >= plan.limit) {
    return {
      outcome: 'allowance',
      allowance: { tier: plan.tier, limit: plan.limit, used, resetsOn: plan.resetsOn },
    };
  }
  if (row?.hits != null) return { outcome: 'counted' };
  return {
    outcome: 'minute',
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(windowStart) + WINDOW_MS - at) / 1000)),
  };
};
