import { CAMPAIGN_MESSAGES, type TSelectCampaignResponse } from '@sales-assist/contract';
import { and, eq, not } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaigns } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Spec §7 select_campaign: flips the selection of one of the caller's campaigns, atomically. */
export const selectCampaign = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number },
): Promise<TSelectCampaignResponse> => {
  const [campaign] = await deps.db
    .update(campaigns)
    .set({ isSelected: not(campaigns.isSelected) })
    .where(and(eq(campaigns.id, input.id), eq(campaigns.userId, userId)))
    .returning({ isSelected: campaigns.isSelected });
  if (!campaign) throw notFound(CAMPAIGN_MESSAGES.campaignNotFound);
  return {
    message: campaign.isSelected ? CAMPAIGN_MESSAGES.campaignSelected : CAMPAIGN_MESSAGES.campaignUnselected,
    IsSelected: campaign.isSelected,
  };
};
