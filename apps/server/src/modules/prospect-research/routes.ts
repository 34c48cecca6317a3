import { CALLS, ZErrorBody, ZLinkedInRefusalBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { researchLead } from './research-lead';
import { getResearchRun, listResearchRuns, startListResearch } from './research-runs';
import { getLeadResearch } from './research-view';
import { searchResearchLeads } from './search-research-leads';

const tags = ['prospect-research'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const linkedinRefusals = {
  409: ZLinkedInRefusalBody.describe(
    'linkedin_not_connected or linkedin_expired (expired: true, connect LinkedIn), linkedin_throttled, linkedin_challenge, ' +
      'linkedin_busy (a campaign action is under way: try again in seconds), daily_cap_reached (retry_at: when the cap opens again)',
  ),
};

/** Prospect Research (/prospect-research): a research card on a lead, one at a time or a whole list. */
export const prospectResearchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.searchResearchLeads, {
        schema: {
          tags,
          summary:
            'Leads to research: the caller’s leads whose name, company or headline holds q (20, newest first); without q, the leads researched last',
          response: errors,
        },
      }),
      handler: (request) => searchResearchLeads(deps.db, callerOf(request).user.id, request.query.q),
    });

    app.route({
      ...callRoute(CALLS.researchLead, {
        schema: {
          tags,
          summary:
            'Research a lead: its LinkedIn profile and recent posts (read through the caller’s account, counted as a profile view against its daily cap) ' +
            'and its company site, written as a card whose every point names its source; saved on the lead, replacing the last card',
          response: { ...errors, 409: linkedinRefusals[409], 502: ZErrorBody },
        },
        config: { aiBudget: 'text' },
      }),
      handler: (request) =>
        researchLead(deps, callerOf(request).user.id, request.params.id, { website: request.body.website }),
    });

    app.route({
      ...callRoute(CALLS.getLeadResearch, {
        schema: {
          tags,
          summary: 'The research card saved on a lead (404: none yet, or not the caller’s lead)',
          response: errors,
        },
      }),
      handler: (request) => getLeadResearch(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.researchList, {
        schema: {
          tags,
          summary:
            'Research every lead of a list in the background, one after another under the LinkedIn account’s spacing and daily cap; answers the run (its progress: GET /api/prospect-research/runs/{id})',
          response: {
            ...errors,
            409: ZLinkedInRefusalBody.describe(
              'list_empty, automation_in_progress (the list is being researched), or the LinkedIn account cannot be used (as for one lead)',
            ),
          },
        },
      }),
      handler: async (request, reply) => {
        const run = await startListResearch(deps, callerOf(request).user.id, request.params.id);
        return reply.status(202).send(run);
      },
    });

    app.route({
      ...callRoute(CALLS.researchRuns, {
        schema: { tags, summary: 'The caller’s last 10 list research runs, newest first', response: errors },
      }),
      handler: (request) => listResearchRuns(deps.db, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.researchRun, {
        schema: { tags, summary: 'One list research run and its progress', response: errors },
      }),
      handler: (request) => getResearchRun(deps.db, callerOf(request).user.id, request.params.id),
    });
  };
