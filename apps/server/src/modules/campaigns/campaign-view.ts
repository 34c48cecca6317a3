import {
  COMMUNICATION_LOADING,
  MESSAGE_TEMPLATES,
  type TCampaign,
  type TCampaignLead,
  type TCampaignLeadStatus,
  type TCampaignStatus,
  type TCampaignSummary,
} from '@sales-assist/contract';
import type {
  APPROVAL_STATES,
  CampaignLeadRow,
  CampaignLeadState,
  CampaignRow,
  CampaignState,
  OutreachAction,
} from '../../db/schema';
import { PLAN_STEPS } from '../../db/schema';
import type { EndedEarly } from './ended-early';

/** The spec's words for the stored states; the engine shows the same words, so they live here only. */
export const CAMPAIGN_STATUS_OF: Record<CampaignState, TCampaignStatus> = {
  draft: 'Draft',
  running: 'On Going',
  paused: 'Campaign Paused',
  finished: 'Finished',
  failed: 'Failed',
};

export const LEAD_STATUS_OF: Record<CampaignLeadState, TCampaignLeadStatus> = {
  pending: 'Pending',
  viewed_profile: 'Viewed Profile',
  post_liked: 'Post Liked',
  post_commented: 'Post Commented',
  invitation_sent: 'Invitation Sent',
  request_accepted: 'Request Accepted',
  follow_up_1_sent: 'Follow-up 1 Sent',
  follow_up_2_sent: 'Follow-up 2 Sent',
  replied: 'Replied',
  withdrawn: 'Request Withdrawn',
  finished: 'Finished',
  skipped: 'Skipped',
  failed: 'Failed',
};

export const APPROVAL_OF: Record<(typeof APPROVAL_STATES)[number], TCampaignLead['Approval']> = {
  pending: 'Pending',
  approved: 'Approved',
  skipped: 'Skipped',
};

/** How the side panel names what the engine did. */
export const ACTIVITY_OF: Record<OutreachAction, string> = {
  view_profile: 'Viewed profile',
  like_post: 'Liked post',
  comment_post: 'Commented on post',
  send_invitation: 'Sent connection request',
  check_invitation: 'Checked invitation',
  follow_up_1: 'Sent follow-up 1',
  follow_up_2: 'Sent follow-up 2',
  check_reply: 'Checked for a reply',
};

/**
 * Campaign Progress: the plan steps passed since the launch, out of those of the leads still in the
 * campaign. A Draft has done nothing yet (0%), and a skipped lead leaves the campaign rather than
 * counting as work done, so skipping never moves the bar by itself.
 */
export const campaignProgress = (
  row: Pick<CampaignRow, 'status' | 'stepsDone' | 'stepsTotal'>,
  { skippedLeads }: Pick<EndedEarly, 'skippedLeads'>,
): number => {
  if (row.status === 'draft' || row.stepsTotal <= 0) return 0;
  const ended = row.status === 'finished' || row.status === 'failed';
  const stepsTotal = row.stepsTotal - skippedLeads * PLAN_STEPS;
  // Every lead was skipped: nothing is left to do.
  if (stepsTotal <= 0) return ended ? 100 : 0;
  const stepsDone = row.stepsDone - skippedLeads * PLAN_STEPS;
  return Math.min(100, Math.max(0, Math.round((stepsDone / stepsTotal) * 100)));
};

/** The name of the template a campaign writes with (the user's own, or one of the spec's three). */
export const templateNameOf = (row: Pick<CampaignRow, 'templateId' | 'templateName'>): string =>
  row.templateName ??
  MESSAGE_TEMPLATES.find((template) => template.id === row.templateId)?.text ??
  MESSAGE_TEMPLATES[0].text;

/** The columns a campaign's list row is made of. */
export type CampaignListRow = Pick<
  CampaignRow,
  | 'id'
  | 'isSelected'
  | 'name'
  | 'createdAt'
  | 'status'
  | 'statusReason'
  | 'leadCount'
  | 'source'
  | 'goal'
  | 'stepsDone'
  | 'stepsTotal'
>;

/** Spec §3 Campaign (list row). */
export const campaignView = (row: CampaignListRow, endedEarly: EndedEarly): TCampaign => ({
  ID: row.id,
  IsSelected: row.isSelected,
  'Campaign List': row.name,
  TimeStamp: row.createdAt.toISOString(),
  Status: CAMPAIGN_STATUS_OF[row.status],
  'Status Reason': row.statusReason,
  'Leads Count': row.leadCount,
  'Outreach Via': row.source,
  'Campaign Goal': row.goal,
  'Campaign Progress': campaignProgress(row, endedEarly),
  'Failed Leads': endedEarly.failedLeads,
});

export const campaignSummaryView = (
  row: CampaignRow,
  endedEarly: EndedEarly,
  pendingApproval: number,
): TCampaignSummary => ({
  ...campaignView(row, endedEarly),
  'Messages Ready': row.messagesPending === 0,
  'Pending Approval': pendingApproval,
  'Connection Requests Per Day': row.connectionRequestsPerDay,
  'Withdraw After': row.withdrawAfterDays,
  Timezone: row.timezoneLabel,
  Template: templateNameOf(row),
});

/** Spec §3 campaign lead row; "None" stands for a missing picture, "Loading" for a note being written. */
export const campaignLeadView = (row: CampaignLeadRow): TCampaignLead => ({
  ID: row.id,
  IsSelected: row.isSelected ? 1 : 0,
  'Profile Image URL': row.profileImageUrl || 'None',
  Leads: row.name,
  Headline: row.headline,
  'Connection Degree': row.connectionDegree,
  'Your Communication': row.messagesState === 'writing' ? COMMUNICATION_LOADING : (row.connectionNote ?? ''),
  Status: LEAD_STATUS_OF[row.state],
  Approval: APPROVAL_OF[row.approval],
  'Linkedin URL': row.linkedinUrl,
});
