import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type CampaignRow, campaigns, outreachSteps } from '../../db/schema';

/**
 * Puts a campaign on its plan. The first launch makes now the plan's day 0 and queues every approved
 * lead's first step (view the profile); a resume moves day 0 and every waiting step on by the time
 * spent paused, so the campaign picks up where it stopped. Leads approved while the campaign was
 * paused join it then. Runs inside the caller's transaction.
 */
export const startCampaignSteps = async (
  tx: DbOrTx,
  campaign: Pick<CampaignRow, 'id' | 'launchedAt' | 'pausedAt'>,
  accountId: string,
  now: Date,
): Promise<void> => {
  const pausedMs =
    campaign.launchedAt && campaign.pausedAt ? Math.max(0, now.getTime() - campaign.pausedAt.getTime()) : 0;
  const shift = sql`make_interval(secs => ${pausedMs / 1000}::float8)`;
  await tx
    .update(campaigns)
    .set({
      status: 'running',
      statusReason: '',
      launchedAt: campaign.launchedAt ? sql`${campaigns.launchedAt} + ${shift}` : now,
      pausedAt: null,
      updatedAt: now,
    })
    .where(eq(campaigns.id, campaign.id));
  if (campaign.launchedAt) {
    await tx
      .update(outreachSteps)
      .set({ state: 'scheduled', dueAt: sql`${outreachSteps.dueAt} + ${shift}`, accountId })
      .where(and(eq(outreachSteps.campaignId, campaign.id), eq(outreachSteps.state, 'paused')));
  }
  await tx.execute(sql`
    INSERT INTO outreach_steps (campaign_lead_id, campaign_id, account_id, action, due_at)
    SELECT id, campaign_id, ${accountId}::uuid, 'view_profile', ${now.toISOString()}::timestamptz
      FROM campaign_leads
     WHERE campaign_id = ${campaign.id}::bigint AND approval = 'approved' AND state = 'pending'
    ON CONFLICT (campaign_lead_id, action) DO NOTHING`);
};

/**
 * Stops a campaign before its next action: its waiting steps are set aside until a resume. A step a
 * runner has already claimed is settled as usual, and its successor waits with the others.
 */
export const pauseCampaignSteps = async (
  tx: DbOrTx,
  campaignId: number,
  now: Date,
  reason = '',
): Promise<void> => {
  await tx
    .update(campaigns)
    .set({ status: 'paused', statusReason: reason, pausedAt: now, updatedAt: now })
    .where(eq(campaigns.id, campaignId));
  await tx
    .update(outreachSteps)
    .set({ state: 'paused' })
    .where(and(eq(outreachSteps.campaignId, campaignId), eq(outreachSteps.state, 'scheduled')));
};
