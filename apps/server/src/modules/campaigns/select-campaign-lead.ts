import { CAMPAIGN_MESSAGES, type TSelectCampaignLeadResponse } from '@sales-assist/contract';
import { and, eq, not } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaignLeads } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Spec §7 select_campaign_lead: flips the selection of one of the caller's campaign leads. */
export const selectCampaignLead = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number },
): Promise<TSelectCampaignLeadResponse> => {
  const [lead] = await deps.db
    .update(campaignLeads)
    .set({ isSelected: not(campaignLeads.isSelected) })
    .where(and(eq(campaignLeads.id, input.id), eq(campaignLeads.userId, userId)))
    .returning({ isSelected: campaignLeads.isSelected });
  if (!lead) throw notFound(CAMPAIGN_MESSAGES.leadNotFound);
  return {
    message: lead.isSelected ? CAMPAIGN_MESSAGES.leadSelected : CAMPAIGN_MESSAGES.leadUnselected,
    IsSelected: lead.isSelected ? 1 : 0,
  };
};
