import { CAMPAIGN_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../http/errors';
import { lockLeadWithCampaign } from './find-campaign';
import { approveLeads, restoreSkippedLead } from './lead-approval';

/**
 * Approve Message: the lead's messages may be sent. A skipped lead is brought back, but only while the
 * campaign is not running (a running campaign queues nobody new until it is paused and launched again).
 */
export const approveLeadMessage = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number },
): Promise<TMessageResponse> => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { lead, campaign } = await lockLeadWithCampaign(tx, userId, input.id);
    if (lead.messagesState === 'writing') throw conflict(CAMPAIGN_MESSAGES.messagesLoading);
    if (lead.approval === 'approved') return;
    if (lead.messagesState === 'failed') throw conflict(CAMPAIGN_MESSAGES.messagesFailed);
    if (lead.approval === 'pending') {
      await approveLeads(tx, campaign.id, now, { leadId: lead.id });
      return;
    }
    if (campaign.status !== 'draft' && campaign.status !== 'paused')
      throw conflict(CAMPAIGN_MESSAGES.restoreWhileRunning);
    await restoreSkippedLead(tx, campaign.id, now, lead.id);
  });
  return { message: CAMPAIGN_MESSAGES.messageApproved };
};
