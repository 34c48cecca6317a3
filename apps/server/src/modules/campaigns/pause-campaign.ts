import { CAMPAIGN_MESSAGES, type TCampaignStateResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../http/errors';
import { pauseCampaignSteps } from '../outreach/campaign-steps';
import { findOwnCampaign } from './find-campaign';

/** Spec §4 pause: the campaign stops before its next action until it is launched again. */
export const pauseCampaign = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number },
): Promise<TCampaignStateResponse> => {
  await deps.db.transaction(async (tx) => {
    const campaign = await findOwnCampaign(tx, userId, input.id, { forUpdate: true });
    if (campaign.status !== 'running') throw conflict(CAMPAIGN_MESSAGES.notRunning);
    await pauseCampaignSteps(tx, campaign.id, deps.clock.now());
  });
  return { message: CAMPAIGN_MESSAGES.paused, Status: 'Campaign Paused' };
};
