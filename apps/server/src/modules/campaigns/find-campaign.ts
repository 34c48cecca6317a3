import { CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type CampaignLeadRow, type CampaignRow, campaignLeads, campaigns } from '../../db/schema';
import { notFound } from '../../http/errors';

type Lock = { forUpdate?: boolean };

/** The caller's campaign, or 404 (another user's campaign is answered exactly like a missing one). */
export const findOwnCampaign = async (
  db: DbOrTx,
  userId: string,
  id: number,
  { forUpdate = false }: Lock = {},
): Promise<CampaignRow> => {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
    .$dynamic();
  const [campaign] = await (forUpdate ? query.for('update') : query);
  if (!campaign) throw notFound(CAMPAIGN_MESSAGES.campaignNotFound);
  return campaign;
};

/** The caller's campaign lead, or 404 like a missing one. */
export const findOwnCampaignLead = async (
  db: DbOrTx,
  userId: string,
  id: number,
  { forUpdate = false }: Lock = {},
): Promise<CampaignLeadRow> => {
  const query = db
    .select()
    .from(campaignLeads)
    .where(and(eq(campaignLeads.id, id), eq(campaignLeads.userId, userId)))
    .$dynamic();
  const [lead] = await (forUpdate ? query.for('update') : query);
  if (!lead) throw notFound(CAMPAIGN_MESSAGES.leadNotFound);
  return lead;
};

/**
 * A campaign lead and its campaign, both locked, campaign first: every writer that touches both takes
 * them in that order, so two of them never wait on each other.
 */
export const lockLeadWithCampaign = async (
  tx: DbOrTx,
  userId: string,
  leadId: number,
): Promise<{ lead: CampaignLeadRow; campaign: CampaignRow }> => {
  const unlocked = await findOwnCampaignLead(tx, userId, leadId);
  const campaign = await findOwnCampaign(tx, userId, unlocked.campaignId, { forUpdate: true });
  const lead = await findOwnCampaignLead(tx, userId, leadId, { forUpdate: true });
  return { lead, campaign };
};
