import type { TFetchCampaignsResponse } from '@sales-assist/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { campaignLeads, campaigns } from '../../db/schema';
import { campaignView } from './campaign-view';

/** Only what a list row shows (campaignView): not the plan, the actions or the messages settings. */
const ROW_COLUMNS = {
  id: campaigns.id,
  isSelected: campaigns.isSelected,
  name: campaigns.name,
  createdAt: campaigns.createdAt,
  status: campaigns.status,
  statusReason: campaigns.statusReason,
  leadCount: campaigns.leadCount,
  source: campaigns.source,
  goal: campaigns.goal,
  stepsDone: campaigns.stepsDone,
  stepsTotal: campaigns.stepsTotal,
};

/**
 * The page is cut first; then each of its campaigns has its failed and skipped leads counted in one pass over
 * the partial index campaign_leads_ended_early_idx (a lateral join), not a pair of counts for every campaign
 * the user has (a window total makes the database evaluate the select list for every matching row).
 */
const preparePage = (db: Db) => {
  const page = db
    .select({ ...ROW_COLUMNS, matching: sql<number>`(count(*) over ())::int`.as('matching') })
    .from(campaigns)
    .where(eq(campaigns.userId, sql.placeholder('userId')))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const endedEarly = db
    .select({
      failedLeads: sql<number>`(count(*) FILTER (WHERE ${campaignLeads.state} = 'failed'))::int`.as(
        'failed_leads',
      ),
      skippedLeads: sql<number>`(count(*) FILTER (WHERE ${campaignLeads.state} = 'skipped'))::int`.as(
        'skipped_leads',
      ),
    })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, page.id), sql`${campaignLeads.state} IN ('failed', 'skipped')`))
    .as('ended_early');
  const campaign = {
    id: page.id,
    isSelected: page.isSelected,
    name: page.name,
    createdAt: page.createdAt,
    status: page.status,
    statusReason: page.statusReason,
    leadCount: page.leadCount,
    source: page.source,
    goal: page.goal,
    stepsDone: page.stepsDone,
    stepsTotal: page.stepsTotal,
  } satisfies Record<keyof typeof ROW_COLUMNS, unknown>;
  return db
    .select({
      campaign,
      failedLeads: endedEarly.failedLeads,
      skippedLeads: endedEarly.skippedLeads,
      total: page.matching,
    })
    .from(page)
    .crossJoinLateral(endedEarly)
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare('fetch_campaigns_page');
};
/** Built once per database, not per call (PostgreSQL then plans it once per connection). */
const pages = new WeakMap<Db, ReturnType<typeof preparePage>>();

/** Spec §7 fetch_campaigns: a page of the caller's campaigns, newest first (page is one-based). */
export const fetchCampaigns = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { page: number; limit: number },
): Promise<TFetchCampaignsResponse> => {
  let statement = pages.get(deps.db);
  if (!statement) {
    statement = preparePage(deps.db);
    pages.set(deps.db, statement);
  }
  // One statement: the page brings its total (count(*) over ()); only a page past the end counts apart.
  const rows = await statement.execute({
    userId,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  const total =
    rows[0]?.total ??
    (await deps.db.select({ total: count() }).from(campaigns).where(eq(campaigns.userId, userId)))[0]
      ?.total ??
    0;
  return {
    campaigns: rows.map(({ campaign, total: _total, ...endedEarly }) => campaignView(campaign, endedEarly)),
    total,
  };
};
