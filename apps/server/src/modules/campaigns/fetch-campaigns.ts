import type { TFetchCampaignsResponse } from '@sales-assist/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { campaigns } from '../../db/schema';
import { campaignView } from './campaign-view';
import { endedEarlyColumns } from './ended-early';

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

const preparePage = (db: Db) =>
  db
    .select({
      campaign: ROW_COLUMNS,
      ...endedEarlyColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(campaigns)
    .where(eq(campaigns.userId, sql.placeholder('userId')))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('fetch_campaigns_page');
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
