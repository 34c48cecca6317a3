import type { TCampaignLeadStatus, TCampaignStatus } from '@sales-assist/contract';

/** Spec §4 campaign status colours. */
export const CAMPAIGN_STATUS_COLOR: Record<TCampaignStatus, string> = {
  'On Going': 'blue',
  Failed: 'red',
  Finished: 'green',
  Draft: 'gray',
  'Campaign Paused': 'gray',
};

/**
 * Spec §4 lead statuses are colour-coded (colours not given): a step along the plan goes from cyan
 * towards green the further it got, a lead left out is grey, a failure red.
 */
export const LEAD_STATUS_COLOR: Record<TCampaignLeadStatus, string> = {
  Pending: 'gray',
  'Viewed Profile': 'cyan',
  'Post Liked': 'blue',
  'Post Commented': 'indigo',
  'Invitation Sent': 'violet',
  'Request Accepted': 'teal',
  'Follow-up 1 Sent': 'teal',
  'Follow-up 2 Sent': 'teal',
  Replied: 'green',
  'Request Withdrawn': 'orange',
  Finished: 'green',
  Skipped: 'gray',
  Failed: 'red',
};
