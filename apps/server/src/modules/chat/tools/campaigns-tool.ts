import { z } from 'zod';
import { fetchCampaigns } from '../../campaigns/fetch-campaigns';
import { clip, TOOL_BOUNDS } from './bounds';
import { campaignFigures, campaignNamesOf } from './campaign-figures';
import type { ChatTool } from './chat-tool';
import { matchName, notFoundResult, notFoundSummary } from './match-name';

const Args = z.object({
  name: z
    .string()
    .max(200)
    .optional()
    .describe("A campaign's name (or part of it) as the user said it; leave out for the recent campaigns"),
  limit: z
    .number()
    .int()
    .min(1)
    .max(TOOL_BOUNDS.rows)
    .optional()
    .describe('How many recent campaigns (default 5)'),
});

/**
 * One named campaign's figures, or the caller's most recent campaigns'. A name is looked up only among the
 * caller's own campaigns: another user's name is "not found" like any unknown one, and says nothing more.
 */
export const campaignsTool: ChatTool<z.infer<typeof Args>> = {
  name: 'get_campaigns',
  description:
    "The user's outreach campaigns: status, progress (leads contacted of total, plan steps done), connection " +
    'requests sent and accepted (acceptance rate), replies (reply rate). Give a name for one campaign, or none ' +
    'for the most recent ones.',
  parameters: Args,
  run: async (ctx, args) => {
    const { db } = ctx.deps;
    if (args.name?.trim()) {
      const match = matchName(args.name, await campaignNamesOf(db, ctx.userId));
      if (!match.found) {
        return {
          result: notFoundResult(args.name, match),
          summary: notFoundSummary('campaign', args.name, match.ambiguous),
        };
      }
      const [figures] = await campaignFigures(db, ctx.userId, [match.found.id]);
      if (!figures) {
        return {
          result: notFoundResult(args.name, { ambiguous: false, closest: [] }),
          summary: notFoundSummary('campaign', args.name, false),
        };
      }
      return {
        result: { found: true, campaign: figures },
        summary: `Read campaign “${clip(figures.name, 60)}”: ${figures.leads_total} leads, ${figures.requests_accepted} accepted`,
      };
    }
    // The same page the campaigns screen reads first: newest first, with the total.
    const page = await fetchCampaigns(ctx.deps, ctx.userId, { page: 1, limit: args.limit ?? 5 });
    const figures = await campaignFigures(
      db,
      ctx.userId,
      page.campaigns.map((campaign) => campaign.ID),
    );
    return {
      result: { total_campaigns: page.total, campaigns: figures },
      summary: `Read ${figures.length} of your ${page.total} campaign${page.total === 1 ? '' : 's'}`,
    };
  },
};
