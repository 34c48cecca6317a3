import type { TCampaignLeadDetail } from '@sales-assist/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { activityLog } from '../../db/schema';
import { ACTIVITY_OF, campaignLeadView } from './campaign-view';
import { findOwnCampaignLead } from './find-campaign';

export const LEAD_ACTIVITY_MAX = 100;

/** The side panel of one campaign lead: its messages, comment, why it stopped, and what was done. */
export const campaignLeadDetail = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number },
): Promise<TCampaignLeadDetail> => {
  const lead = await findOwnCampaignLead(deps.db, userId, input.id);
  const activity = await deps.db
    .select({ at: activityLog.createdAt, action: activityLog.action, outcome: activityLog.outcome })
    .from(activityLog)
    .where(and(eq(activityLog.campaignLeadId, lead.id), eq(activityLog.userId, userId)))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(LEAD_ACTIVITY_MAX);
  return {
    lead: campaignLeadView(lead),
    messages:
      lead.messagesState === 'writing'
        ? null
        : {
            connection_note: lead.connectionNote ?? '',
            follow_up_1: lead.followUp1 ?? '',
            follow_up_2: lead.followUp2 ?? '',
          },
    comment: lead.comment,
    status_reason: lead.stateReason,
    activity: activity.map((entry) => ({
      at: entry.at.toISOString(),
      action: ACTIVITY_OF[entry.action],
      outcome: entry.outcome,
    })),
  };
};
