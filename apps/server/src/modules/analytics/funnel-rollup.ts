import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import type { AnalyticsPeriod } from './analytics-period';
import {
  bucketArray,
  directFunnelRows,
  type FunnelFilter,
  type FunnelRow,
  funnelRowsOf,
  groupedSlices,
  idList,
  labelledSlices,
  noStageColumns,
  stageColumns,
} from './funnel-query';
import { type RollupPiece, rollupPieces } from './rollup-pieces';

/** The rollup's rows of these keys only (the campaigns and accounts asked for). */
const keyFilter = (filter: FunnelFilter, table: string): SQL => sql`
  ${filter.campaignIds.length > 0 ? sql`and ${sql.raw(table)}.campaign_id in (${idList(filter.campaignIds)})` : sql``}
  ${filter.accountIds.length > 0 ? sql`and ${sql.raw(table)}.account_id in (${idList(filter.accountIds)})` : sql``}`;

/**
 * The stage counts of each bucket: the pieces' rows of outreach_counts, each found by its (user, grain,
 * span) key, summed with their signs. A slice whose pieces cancel out (actions only in a span taken off)
 * is left out: it had no action in the bucket.
 */
const countedSlices = (filter: FunnelFilter, pieces: RollupPiece[]): SQL => {
  const stageSums = stageColumns(
    (code) =>
      sql`coalesce(sum(p.sign * r.actions) filter (where r.funnel_stage = ${sql.raw(String(code))}), 0)`,
  );
  return sql`
      select r.campaign_id, r.campaign_name, r.account_id, p.bucket, 0 as leads, ${stageSums}, 0 as interested
      from unnest(${`{${pieces.map((piece) => piece.bucket).join(',')}}`}::int[],
                  ${`{${pieces.map((piece) => piece.grain).join(',')}}`}::smallint[],
                  ${`{${pieces.map((piece) => new Date(piece.start).toISOString()).join(',')}}`}::timestamptz[],
                  ${`{${pieces.map((piece) => piece.sign).join(',')}}`}::int[]) as p (bucket, grain, span_start, sign)
      join outreach_counts r on r.user_id = ${filter.userId} and r.grain = p.grain and r.span_start = p.span_start
      where true ${keyFilter(filter, 'r')}
      group by r.campaign_id, r.campaign_name, r.account_id, p.bucket
      having sum(p.sign * r.actions) <> 0`;
};

/**
 * The distinct leads of each campaign and account reached in the period (one of their actions in it): off
 * each lead's first and last action (outreach_lead_spans), read by the (user, last action) index. A lead
 * whose first action is before the period and last after it is asked of the log (one index probe by the
 * lead, or by its profile address for a deleted campaign's), since it may have had none in between.
 */
const reachedSlices = (filter: FunnelFilter, period: AnalyticsPeriod): SQL => {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const sameKey = sql`a.campaign_id is not distinct from s.campaign_id
    and a.campaign_name is not distinct from s.campaign_name and a.account_id is not distinct from s.account_id
    and a.created_at >= ${start} and a.created_at < ${end}`;
  // Two parts, so the probes of the log are planned (and costed) for the spanning leads alone: most
  // periods end today, when no lead has an action after them.
  return sql`
      select s.campaign_id, s.campaign_name, s.account_id, null::int as bucket, count(*) as leads,
             ${noStageColumns()}, 0 as interested
      from outreach_lead_spans s
      where s.user_id = ${filter.userId} and s.last_at >= ${start} and s.first_at < ${end}
        and (s.first_at >= ${start} or s.last_at < ${end})
        ${keyFilter(filter, 's')}
      group by s.campaign_id, s.campaign_name, s.account_id
      union all
      select s.campaign_id, s.campaign_name, s.account_id, null::int, count(*), ${noStageColumns()}, 0
      from outreach_lead_spans s
      where s.user_id = ${filter.userId} and s.last_at >= ${end} and s.first_at < ${start}
        ${keyFilter(filter, 's')}
        and ((s.campaign_lead_id is not null and exists (
               select 1 from activity_log a where a.campaign_lead_id = s.campaign_lead_id and ${sameKey}))
             or (s.campaign_lead_id is null and exists (
               select 1 from activity_log a
               where a.user_id = s.user_id and a.campaign_lead_id is null
                 and (a.lead_linkedin_url = s.lead_linkedin_url
                      or (s.lead_linkedin_url is null and a.lead_linkedin_url is null))
                 and ${sameKey})))
      group by s.campaign_id, s.campaign_name, s.account_id`;
};

/**
 * Every figure of the funnel from the rollup the log's triggers keep (outreach_counts, outreach_lead_spans),
 * as one statement: the stage counts of each day or week are sums of a few hundred spans (UTC days, and
 * hours and quarter-hours at the zone's midnights), the leads reached come off each lead's span, and the
 * Interested labels off campaign_leads; the slices are then summed six ways as the log's count was
 * (groupedSlices). Null when an edge of the period or a bucket is not on a quarter-hour, which the rollup
 * cannot cut.
 */
export const rollupFunnelStatement = (
  filter: FunnelFilter,
  period: AnalyticsPeriod,
  bucketStarts: Date[],
): SQL | null => {
  const pieces = rollupPieces(period, bucketStarts);
  if (!pieces) return null;
  return groupedSlices(sql`
    with slices as (
      ${countedSlices(filter, pieces)}
      union all
      ${reachedSlices(filter, period)}
      union all
      ${labelledSlices(filter, period, bucketArray(bucketStarts))}
    )`);
};

/**
 * The funnel's rows from the rollup (rollupFunnelStatement), or counted off the log (directFunnelRows) for a
 * period the rollup cannot cut. The figures are the same either way (test/analytics-rollup.test.ts).
 */
export const funnelRows = async (
  db: Db,
  filter: FunnelFilter,
  period: AnalyticsPeriod,
  bucketStarts: Date[],
): Promise<FunnelRow[]> => {
  const statement = rollupFunnelStatement(filter, period, bucketStarts);
  if (!statement) return directFunnelRows(db, filter, period, bucketStarts);
  return funnelRowsOf(await db.execute(statement));
};
