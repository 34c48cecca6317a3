import type { TFetchCampaignsResponse } from '@sales-assist/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaigns } from '../../db/schema';
import { campaignView } from './campaign-view';
import { endedEarlyColumns } from './ended-early';

/** Spec §7 fetch_campaigns: a page of the caller's campaigns, newest first (page is one-based). */
export const fetchCampaigns = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { page: number; limit: number },
): Promise<TFetchCampaignsResponse> => {
  const mine = eq(campaigns.userId, userId);
  const [rows, [totals]] = await Promise.all([
    deps.db
      .select({ campaign: campaigns, ...endedEarlyColumns })
      .from(campaigns)
      .where(mine)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    deps.db.select({ total: count() }).from(campaigns).where(mine),
  ]);
  return {
    campaigns: rows.map(({ campaign, ...endedEarly }) => campaignView(campaign, endedEarly)),
    total: totals?.total ?? 0,
  };
};
