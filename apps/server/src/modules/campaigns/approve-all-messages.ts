import { CAMPAIGN_MESSAGES, type TApproveAllResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../http/errors';
import { findOwnCampaign } from './find-campaign';
import { approveLeads } from './lead-approval';

/** Approve All Messages: every lead whose messages wait for approval (and are written) is approved. */
export const approveAllMessages = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number },
): Promise<TApproveAllResponse> => {
  const approved = await deps.db.transaction(async (tx) => {
    const campaign = await findOwnCampaign(tx, userId, input.id, { forUpdate: true });
    if (campaign.messagesPending > 0) throw conflict(CAMPAIGN_MESSAGES.messagesLoading);
    return approveLeads(tx, campaign.id, deps.clock.now(), { awaitingApproval: true });
  });
  return { message: CAMPAIGN_MESSAGES.allApproved, approved };
};
