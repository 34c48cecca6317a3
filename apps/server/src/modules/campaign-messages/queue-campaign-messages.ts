import type { AppDeps } from '../../app-deps';

/**
 * Queues the job that writes a campaign's messages. The queue's policy is 'exclusive' and the key is the
 * campaign, so while one job for it waits, retries or runs, queueing again does nothing: create_campaign
 * and the sweep may both queue it without the messages ever being written twice at once.
 */
export const queueCampaignMessages = (jobs: AppDeps['jobs'], campaignId: number): Promise<void> =>
  jobs.send('write-campaign-messages', { campaignId }, { singletonKey: `campaign-${campaignId}` });
