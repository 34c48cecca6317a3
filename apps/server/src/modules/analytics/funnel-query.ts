import type { TFunnelCounts } from '@sales-assist/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { FUNNEL_STAGE_CODES } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import type { AnalyticsPeriod } from './analytics-period';

/**
 * The stages' codes in activity_log.funnel_stage, which the database works out from each action and the
 * outcome the engine writes. `analytics-engine.test.ts` runs the engine through a whole plan against the
 * LinkedIn sandbox and reads these figures back, so a reworded outcome fails there, not silently here.
 */
const STAGES = Object.entries(FUNNEL_STAGE_CODES);

export type FunnelFilter = { userId: string; campaignIds: number[]; accountIds: string[] };

/** One grouped row: which grouping it belongs to, its keys, and the stage counts (bigint as text). */
export type FunnelRow = Record<keyof TFunnelCounts, string | number> & {
  set: 'total' | 'campaign' | 'account' | 'bucket' | 'template' | 'tone';
  campaign_id: string | number | null;
  campaign_name: string | null;
  account_id: string | null;
  account_name: string | null;
  /** 1-based: the bucket's place among the period's buckets. */
  bucket: number | null;
  template_id: number | null;
  template_name: string | null;
  tone: string | null;
};

export const idList = (ids: readonly (string | number)[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** `count(*) filter (where funnel_stage = …) as viewed, …`: one column per stage, in FUNNEL_STAGE_CODES order. */
export const stageColumns = (count: (code: number) => SQL): SQL =>
  sql.join(
    STAGES.map(([name, code]) => sql`${count(code)} as ${sql.identifier(name)}`),
    sql`, `,
  );

/** `0 as viewed, …`: a slice that counts no stage. */
export const noStageColumns = (): SQL =>
  sql.join(
    STAGES.map(([name]) => sql`0 as ${sql.identifier(name)}`),
    sql`, `,
  );

/**
 * The inbox's Interested labels set in the period, by the label's time, as slices. A label is not an action
 * of the log: it is read off campaign_leads (its campaign and the user's one account), a row per lead, by
 * the partial (user_id, label, labelled_at) index. A live campaign's log rows carry no name (it is written
 * when the campaign is deleted): nor does this.
 */
export const labelledSlices = (filter: FunnelFilter, period: AnalyticsPeriod, starts: string): SQL => sql`
      select cl.campaign_id, null::text as campaign_name, la.id as account_id,
             width_bucket(cl.labelled_at, ${starts}::timestamptz[]) as bucket, 0 as leads, ${noStageColumns()},
             count(*) as interested
      from campaign_leads cl
      left join linkedin_accounts la on la.user_id = cl.user_id
      where cl.user_id = ${filter.userId} and cl.label = 'interested'
        and cl.labelled_at >= ${period.start.toISOString()} and cl.labelled_at < ${period.end.toISOString()}
        ${filter.campaignIds.length > 0 ? sql`and cl.campaign_id in (${idList(filter.campaignIds)})` : sql``}
        ${filter.accountIds.length > 0 ? sql`and la.id in (${idList(filter.accountIds)})` : sql``}
      group by cl.campaign_id, la.id, 4`;

/** The buckets' first instants as a timestamptz[] literal, for width_bucket. */
export const bucketArray = (bucketStarts: Date[]): string =>
  `{${bucketStarts.map((start) => start.toISOString()).join(',')}}`;

/**
 * Sums slices (campaign_id, campaign_name, account_id, bucket, leads, the stages, interested) six ways at
 * once (GROUPING SETS): overall, per campaign, account, day or week, message template and tone. Only those
 * sums reach JavaScript.
 */
export const groupedSlices = (withSlices: SQL): SQL => {
  const sums = sql.join(
    STAGES.map(([name]) => sql`sum(s.${sql.identifier(name)}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`
    ${withSlices}
    select
      case
        when grouping(s.campaign_id) = 0 then 'campaign'
        when grouping(s.account_id) = 0 then 'account'
        when grouping(s.bucket) = 0 then 'bucket'
        when grouping(c.template_id) = 0 then 'template'
        when grouping(c.tone) = 0 then 'tone'
        else 'total'
      end as set,
      s.campaign_id, coalesce(c.name, s.campaign_name) as campaign_name,
      s.account_id, la.member_name as account_name, s.bucket,
      c.template_id, c.template_name, c.tone,
      sum(s.leads) as leads, ${sums}, sum(s.interested) as interested
    from slices s
    left join campaigns c on c.id = s.campaign_id
    left join linkedin_accounts la on la.id = s.account_id
    group by grouping sets (
      (),
      (s.campaign_id, s.campaign_name, c.name),
      (s.account_id, la.member_name),
      (s.bucket),
      (c.template_id, c.template_name),
      (c.tone)
    )`;
};

/** A groupedSlices statement's result as funnel rows. */
export const funnelRowsOf = (result: unknown): FunnelRow[] =>
  // The leads' rows carry no bucket: the per-bucket grouping holds them under a null bucket, left out.
  rowsOf<FunnelRow>(result).filter((row) => row.set !== 'bucket' || row.bucket !== null);

/**
 * Every figure of the funnel counted off the log itself, in one statement: the caller's log rows of the
 * period are read once off the (user_id, created_at, funnel_stage, …) index alone (an index-only scan) and
 * counted into slices (campaign, account, day or week in the user's zone, by the first instants of the
 * period's buckets) by a hash; the distinct leads of each campaign and account are counted beside them, by a
 * hash too (a lead belongs to one campaign, so campaigns' leads add up; a deleted campaign's leads are told
 * apart by their profile address). It reads every action of the period: Analytics answers from the rollup
 * (funnel-rollup.ts) and comes here only for a period whose edges are not on a quarter-hour (a zone's
 * offset of the early 1970s such as Monrovia's −0:44:30); the tests hold the rollup to this count.
 */
export const directFunnelRows = async (
  db: Db,
  filter: FunnelFilter,
  period: AnalyticsPeriod,
  bucketStarts: Date[],
): Promise<FunnelRow[]> => {
  const starts = bucketArray(bucketStarts);
  const sliceCounts = stageColumns(
    (code) => sql`count(*) filter (where funnel_stage = ${sql.raw(String(code))})`,
  );
  const statement = groupedSlices(sql`
    with acts as (
      select a.campaign_id, a.campaign_name, a.account_id, a.campaign_lead_id, a.lead_linkedin_url,
             a.funnel_stage, width_bucket(a.created_at, ${starts}::timestamptz[]) as bucket
      from activity_log a
      where a.user_id = ${filter.userId}
        and a.created_at >= ${period.start.toISOString()} and a.created_at < ${period.end.toISOString()}
        -- Campaign outreach only: a Prospect Research read is a profile view of no campaign (it still counts
        -- against the account's caps, which accounts-today.ts reads).
        and (a.campaign_id is not null or a.campaign_name is not null)
        ${filter.campaignIds.length > 0 ? sql`and a.campaign_id in (${idList(filter.campaignIds)})` : sql``}
        ${filter.accountIds.length > 0 ? sql`and a.account_id in (${idList(filter.accountIds)})` : sql``}
    ), slices as (
      select campaign_id, campaign_name, account_id, bucket, 0 as leads, ${sliceCounts}, 0 as interested
      from acts group by campaign_id, campaign_name, account_id, bucket
      union all
      select campaign_id, campaign_name, account_id, null, count(*), ${noStageColumns()}, 0
      from (
        select distinct campaign_id, campaign_name, account_id, campaign_lead_id,
               case when campaign_lead_id is null then lead_linkedin_url end as lead_url
        from acts
      ) as reached
      group by campaign_id, campaign_name, account_id
      union all
      ${labelledSlices(filter, period, starts)}
    )`);
  return funnelRowsOf(await db.execute(statement));
};
