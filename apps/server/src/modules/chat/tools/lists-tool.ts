import { z } from 'zod';
import { fetchAllLists } from '../../leads/fetch-all-lists';
import { clip, TOOL_BOUNDS } from './bounds';
import type { ChatTool } from './chat-tool';
import { matchName, notFoundResult, notFoundSummary } from './match-name';

const Args = z.object({
  name: z
    .string()
    .max(200)
    .optional()
    .describe("A lead list's name (or part of it) as the user said it; leave out for all lists"),
  page: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe(`All lists come ${TOOL_BOUNDS.maxRows} a page, newest first; the page to read (default 1)`),
});

/**
 * Lead lists and their lead counts: one named list, or the caller's lists newest first, 25 a page, with the
 * total of lists and of leads. Names are matched only among the caller's own lists.
 */
export const listsTool: ChatTool<z.infer<typeof Args>> = {
  name: 'get_lead_lists',
  description:
    "The user's lead lists with how many leads each holds and its status (Importing..., Not in Campaign, In a " +
    'campaign, Error). Give a name for one list, or none for all of them.',
  parameters: Args,
  run: async (ctx, args) => {
    // The dropdowns' own query (the caller's lists, newest first, bounded).
    const { lists } = await fetchAllLists(ctx.deps, ctx.userId);
    if (args.name?.trim()) {
      const match = matchName(args.name, lists);
      if (!match.found) {
        return {
          result: notFoundResult(args.name, match),
          summary: notFoundSummary('list', args.name, match.ambiguous),
        };
      }
      const list = match.found;
      return {
        result: {
          found: true,
          list: { name: clip(list.name, 200), leads: list.leadcount, status: list.status },
        },
        summary: `Read list “${clip(list.name, 60)}”: ${list.leadcount} lead${list.leadcount === 1 ? '' : 's'}`,
      };
    }
    const page = args.page ?? 1;
    const start = (page - 1) * TOOL_BOUNDS.maxRows;
    const shown = lists.slice(start, start + TOOL_BOUNDS.maxRows);
    const totalLeads = lists.reduce((sum, list) => sum + list.leadcount, 0);
    return {
      result: {
        total_lists: lists.length,
        total_leads: totalLeads,
        lists: shown.map((list) => ({
          name: clip(list.name, 200),
          leads: list.leadcount,
          status: list.status,
        })),
        page,
        more_lists: Math.max(0, lists.length - start - shown.length),
      },
      summary: `Read ${lists.length} list${lists.length === 1 ? '' : 's'} (${totalLeads} leads)`,
    };
  },
};
