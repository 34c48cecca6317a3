import { CAMPAIGN_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../http/errors';
import { finishCampaignIfDone } from '../outreach/finish-campaign';
import { lockLeadWithCampaign } from './find-campaign';
import { skipLeads } from './lead-approval';

/** Skip Message: the lead leaves the campaign, which is only possible before anything was done to it. */
export const skipLeadMessage = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number },
): Promise<TMessageResponse> => {
  await deps.db.transaction(async (tx) => {
    const { lead, campaign } = await lockLeadWithCampaign(tx, userId, input.id);
    if (lead.messagesState === 'writing') throw conflict(CAMPAIGN_MESSAGES.messagesLoading);
    if (lead.approval === 'skipped') return;
    if (lead.state !== 'pending') throw conflict(CAMPAIGN_MESSAGES.skipAfterStart);
    // None skipped although the lead is Pending: the engine has claimed its first step meanwhile.
    if ((await skipLeads(tx, campaign.id, deps.clock.now(), { leadId: lead.id })) === 0)
      throw conflict(CAMPAIGN_MESSAGES.skipAfterStart);
    // Skipping the last lead still waiting ends a running campaign (a paused one may still bring leads back).
    if (campaign.status === 'running') await finishCampaignIfDone(tx, campaign.id, deps.clock.now());
  });
  return { message: CAMPAIGN_MESSAGES.messageSkipped };
};
