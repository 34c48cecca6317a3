import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { campaignLeads, campaigns } from '../../../db/schema';
import { briefOf, senderOf } from '../../campaign-messages/lead-brief';
import { usageRecordingRun } from '../../campaign-messages/record-writer-usage';
import { clip } from './bounds';
import { campaignNamesOf } from './campaign-figures';
import type { ChatTool } from './chat-tool';
import { matchName, notFoundResult, notFoundSummary } from './match-name';

const Args = z.object({
  campaign_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('The campaign the lead is in, as the user said it'),
  lead_name: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("The lead's name; leave out for the campaign's first lead"),
});

/** How many of a campaign's leads are read to find the named one. */
const LEADS_READ = 2_000;

/**
 * A follow-up message for one lead of the caller's campaign, written by the campaigns' message writer (the
 * LLM when configured, else the offline writer) from the campaign's goal, tone and template. It is a
 * suggestion shown in the chat: the lead's saved follow-ups stay as they are (they are edited and
 * approved on the campaign screen), and campaign messages count against no plan limit.
 */
export const draftFollowUpTool: ChatTool<z.infer<typeof Args>> = {
  name: 'draft_follow_up',
  description:
    "Writes a follow-up message for a lead of one of the user's campaigns, in the campaign's goal and tone. " +
    "It is shown in the chat only; the campaign's own messages are not changed.",
  parameters: Args,
  run: async (ctx, args) => {
    const { db } = ctx.deps;
    const match = matchName(args.campaign_name, await campaignNamesOf(db, ctx.userId));
    if (!match.found) {
      return {
        result: { written: false, ...notFoundResult(args.campaign_name, match) },
        summary: notFoundSummary('campaign', args.campaign_name, match.ambiguous),
      };
    }
    const [campaign] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, match.found.id), eq(campaigns.userId, ctx.userId)));
    if (!campaign) throw new Error('The campaign went away while it was read');
    const leads = await db
      .select()
      .from(campaignLeads)
      .where(and(eq(campaignLeads.campaignId, campaign.id), eq(campaignLeads.userId, ctx.userId)))
      .orderBy(asc(campaignLeads.id))
      .limit(LEADS_READ);
    let lead = leads[0];
    if (args.lead_name) {
      const found = matchName(args.lead_name, leads);
      if (!found.found) {
        return {
          result: {
            written: false,
            campaign: clip(campaign.name, 200),
            ...notFoundResult(args.lead_name, found),
          },
          summary: `${notFoundSummary('lead', args.lead_name, found.ambiguous)} in “${clip(campaign.name, 60)}”`,
        };
      }
      lead = found.found;
    }
    if (!lead) {
      return {
        result: {
          written: false,
          campaign: clip(campaign.name, 200),
          message: 'This campaign has no leads.',
        },
        summary: `“${clip(campaign.name, 60)}” has no leads to write to`,
      };
    }
    const sender = await senderOf(db, ctx.userId);
    const { run, settle } = usageRecordingRun(db, {
      userId: ctx.userId,
      campaignId: campaign.id,
      purpose: 'chat_follow_up',
    });
    const messages = await ctx.deps.writer.writeMessages(briefOf(campaign, sender, lead), run);
    await settle();
    return {
      result: {
        written: true,
        campaign: clip(campaign.name, 200),
        lead: clip(lead.name, 200),
        writer: ctx.deps.writer.kind,
        follow_up: clip(messages.follow_up_1, 2_000),
        saved: false,
      },
      summary: `Wrote a follow-up for ${clip(lead.name, 40)} (${clip(campaign.name, 40)}); not saved to the campaign`,
    };
  },
};
