import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import {
  type CampaignLeadRow,
  type CampaignRow,
  linkedinAccounts,
  UNSET_COMPANY_NAME,
  users,
} from '../../db/schema';
import type { LeadResearchBrief } from '../../lib/writers/message-writer/research-brief';
import type { MessageBrief } from '../../lib/writers/message-writer/types';

export type Sender = { name: string; company: string | null };

/**
 * Who the messages come from: the member of the user's LinkedIn session (the name the lead will see),
 * else the user's company, else "the team".
 */
export const senderOf = async (db: DbOrTx, userId: string): Promise<Sender> => {
  const [row] = await db
    .select({ memberName: linkedinAccounts.memberName, companyName: users.companyName })
    .from(users)
    .leftJoin(linkedinAccounts, eq(linkedinAccounts.userId, users.id))
    .where(eq(users.id, userId));
  const company = row?.companyName.trim();
  const named = company && company !== UNSET_COMPANY_NAME ? company : null;
  return { name: row?.memberName?.trim() || named || 'the team', company: named };
};

const templateIdOf = (id: number): MessageBrief['templateId'] => (id === 2 || id === 3 ? id : 1);

export type BriefLead = Pick<
  CampaignLeadRow,
  'name' | 'headline' | 'company' | 'location' | 'industry' | 'postText'
> & { research?: LeadResearchBrief | null };

export const briefOf = (
  campaign: Pick<CampaignRow, 'templateId' | 'goal' | 'tone' | 'templateName' | 'templateText'>,
  sender: Sender,
  lead: BriefLead,
): MessageBrief => ({
  // The user's own template writes its follow-ups like the spec's "human touch" one (template 3).
  templateId: campaign.templateText !== null ? 3 : templateIdOf(campaign.templateId),
  ownTemplate:
    campaign.templateText !== null
      ? { name: campaign.templateName ?? 'My template', text: campaign.templateText }
      : null,
  goal: campaign.goal,
  tone: campaign.tone,
  senderName: sender.name,
  senderCompany: sender.company,
  lead: {
    name: lead.name,
    headline: lead.headline,
    company: lead.company,
    location: lead.location,
    industry: lead.industry,
    recentPost: lead.postText,
    research: lead.research ?? null,
  },
});
