import type { TCampaignLeadsResponse } from '@sales-assist/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { campaignLeads } from '../../db/schema';
import { campaignLeadView, campaignSummaryView } from './campaign-view';
import { endedEarlyOf } from './ended-early';
import { findOwnCampaign } from './find-campaign';

/** Leads whose messages wait for approval (a partial index holds exactly these). */
export const pendingApprovalCount = async (db: DbOrTx, campaignId: number): Promise<number> => {
  const [row] = await db
    .select({ pending: count() })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.approval, 'pending')));
  return row?.pending ?? 0;
};

/**
 * Spec §7 get_campaign_leads: a page of a campaign's leads in list order (page is one-based), paged on
 * the (campaign_id, id) index; the total is the campaign's stored lead count.
 */
export const getCampaignLeads = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number; page: number; limit: number },
): Promise<TCampaignLeadsResponse> => {
  const campaign = await findOwnCampaign(deps.db, userId, input.id);
  const [rows, pending, endedEarly] = await Promise.all([
    deps.db
      .select()
      .from(campaignLeads)
      .where(and(eq(campaignLeads.campaignId, campaign.id), eq(campaignLeads.userId, userId)))
      .orderBy(asc(campaignLeads.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    pendingApprovalCount(deps.db, campaign.id),
    endedEarlyOf(deps.db, campaign.id),
  ]);
  return {
    result: rows.map(campaignLeadView),
    total: campaign.leadCount,
    campaign_name: campaign.name,
    campaign: campaignSummaryView(campaign, endedEarly, pending),
  };
};
