import { CAMPAIGN_MESSAGES, type TCampaignStateResponse } from '@sales-assist/contract';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { campaignLeads, FINAL_LEAD_STATES } from '../../db/schema';
import { conflict } from '../../http/errors';
import { startCampaignSteps } from '../outreach/campaign-steps';
import { pendingApprovalCount } from './campaign-leads';
import { findOwnCampaign } from './find-campaign';
import { approveLeads, skipLeads } from './lead-approval';
import { usableLinkedInAccount } from './usable-linkedin-account';

const LAUNCHED: TCampaignStateResponse = { message: CAMPAIGN_MESSAGES.launched, Status: 'On Going' };

/** Approved leads the plan still has something to do for. */
const activeApprovedLeads = async (tx: DbOrTx, campaignId: number): Promise<number> => {
  const [row] = await tx
    .select({ leads: count() })
    .from(campaignLeads)
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.approval, 'approved'),
        notInArray(campaignLeads.state, [...FINAL_LEAD_STATES]),
      ),
    );
  return row?.leads ?? 0;
};

/**
 * Spec §4 launch (and resume). Leads still waiting for approval are approved or skipped as the launch
 * dialog chose; without a choice the launch is refused while any waits. The engine is woken after commit.
 */
export const launchCampaign = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId: string,
  input: { id: number; unapproved?: 'approve' | 'skip' | undefined },
): Promise<TCampaignStateResponse> => {
  const now = deps.clock.now();
  const accountId = await deps.db.transaction(async (tx) => {
    const campaign = await findOwnCampaign(tx, userId, input.id, { forUpdate: true });
    if (campaign.status === 'running') return null;
    if (campaign.status === 'finished') throw conflict(CAMPAIGN_MESSAGES.campaignFinished);
    if (campaign.status === 'failed') throw conflict(CAMPAIGN_MESSAGES.campaignFailed);
    if (campaign.messagesPending > 0) throw conflict(CAMPAIGN_MESSAGES.messagesLoading);
    const waiting = await pendingApprovalCount(tx, campaign.id);
    if (waiting > 0 && !input.unapproved) throw conflict(CAMPAIGN_MESSAGES.unapprovedMessages);
    const account = await usableLinkedInAccount(tx, userId, now);
    if (waiting > 0 && input.unapproved === 'approve') {
      await approveLeads(tx, campaign.id, now, { awaitingApproval: true });
    }
    // 'skip', and after 'approve' the leads whose messages could not be written: nothing can be sent to them.
    if (waiting > 0) await skipLeads(tx, campaign.id, now, { awaitingApproval: true });
    if ((await activeApprovedLeads(tx, campaign.id)) === 0) throw conflict(CAMPAIGN_MESSAGES.noApprovedLeads);
    await startCampaignSteps(tx, campaign, account.id, now);
    return account.id;
  });
  if (accountId) await deps.jobs.send('outreach-account', { accountId }, { singletonKey: accountId });
  return LAUNCHED;
};
