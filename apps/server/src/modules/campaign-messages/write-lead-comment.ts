import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaignLeads, campaigns } from '../../db/schema';
import { briefOf, senderOf } from './lead-brief';
import { usageRecordingRun } from './record-writer-usage';

type Deps = Pick<AppDeps, 'db' | 'writer'>;

export class CampaignLeadMissingError extends Error {
  constructor(campaignLeadId: number) {
    super(`campaign lead ${campaignLeadId} no longer exists`);
  }
}

/**
 * The comment the engine leaves on a lead's recent post, written when the comment step has read the
 * post, in the campaign's template and tone. Throws CampaignLeadMissingError if the lead or its
 * campaign has been deleted meanwhile.
 */
export const writeLeadComment = async (
  deps: Deps,
  campaignLeadId: number,
  postText: string,
): Promise<string> => {
  const [row] = await deps.db
    .select({ lead: campaignLeads, campaign: campaigns })
    .from(campaignLeads)
    // The lead's own user id joins its campaign: a row can never be briefed with another user's campaign.
    .innerJoin(
      campaigns,
      and(eq(campaigns.id, campaignLeads.campaignId), eq(campaigns.userId, campaignLeads.userId)),
    )
    .where(eq(campaignLeads.id, campaignLeadId));
  if (!row) throw new CampaignLeadMissingError(campaignLeadId);
  const sender = await senderOf(deps.db, row.campaign.userId);
  const brief = briefOf(row.campaign, sender, { ...row.lead, postText });
  const { run, settle } = usageRecordingRun(deps.db, {
    userId: row.campaign.userId,
    campaignId: row.campaign.id,
    purpose: 'campaign_comment',
  });
  const comment = await deps.writer.writeComment({ ...brief, post: postText }, run);
  await settle();
  return comment;
};
