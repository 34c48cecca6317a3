import type { TCampaignStatus } from '@sales-assist/contract';

/** How often a running campaign (or one whose messages are being written) is asked again. */
export const CAMPAIGN_REFRESH_MS = 3000;

/**
 * Spec §4: the action is "Pause Campaign" while the campaign runs, otherwise "Launch Campaign" (a
 * draft starts, a paused one resumes; a finished or failed one cannot).
 */
export const campaignActionOf = (status: TCampaignStatus): 'Launch Campaign' | 'Pause Campaign' =>
  status === 'On Going' ? 'Pause Campaign' : 'Launch Campaign';
