import { CALLS, ZErrorBody, ZLinkedInRefusalBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { approveAllMessages } from './approve-all-messages';
import { approveLeadMessage } from './approve-lead-message';
import { campaignLeadCount } from './campaign-lead-count';
import { campaignLeadDetail } from './campaign-lead-detail';
import { getCampaignLeads } from './campaign-leads';
import { createCampaign } from './create-campaign';
import { deleteCampaign } from './delete-campaign';
import { deleteMessageTemplate } from './delete-message-template';
import { fetchCampaigns } from './fetch-campaigns';
import { launchCampaign } from './launch-campaign';
import { listMessageTemplates } from './list-message-templates';
import { pauseCampaign } from './pause-campaign';
import { renameCampaign } from './rename-campaign';
import { saveMessageTemplate } from './save-message-template';
import { searchCampaigns } from './search-campaigns';
import { selectCampaign } from './select-campaign';
import { selectCampaignLead } from './select-campaign-lead';
import { skipLeadMessage } from './skip-lead-message';
import { updateLeadMessages } from './update-lead-messages';

const tags = ['campaigns'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
/**
 * A conflict, or LinkedIn refuses the account: linkedin_expired (expired: true opens the li_at dialog),
 * linkedin_throttled (with retry_at) or linkedin_challenge.
 */
const conflictOrExpired = ZLinkedInRefusalBody;

/** Spec §7 "Campaigns", plus the calls of step 6's side panel and step 2's lead count. */
export const campaignsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.fetchCampaigns, {
        schema: {
          tags,
          summary: 'A page of campaigns, newest first (page is one-based)',
          response: { ...errors },
        },
      }),
      handler: (request) => fetchCampaigns(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.searchCampaigns, {
        schema: {
          tags,
          summary: 'Campaigns whose name contains the query (any letter case), newest first, at most 50',
          response: { ...errors },
        },
      }),
      handler: (request) => searchCampaigns(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.selectCampaign, {
        schema: { tags, summary: 'Toggle the selection of a campaign', response: { ...errors } },
      }),
      handler: (request) => selectCampaign(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.createCampaign, {
        schema: {
          tags,
          summary:
            'Create a campaign over a list for 50 credits; its messages are written in the background (402: not enough credits; 409 linkedin_expired with expired: true: save a new li_at; 409 linkedin_throttled or linkedin_challenge: LinkedIn refuses the account for now)',
          response: { 402: ZErrorBody, 409: conflictOrExpired, ...errors },
        },
      }),
      handler: (request) =>
        createCampaign({ ...deps, log: request.log }, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.messageTemplates, {
        schema: {
          tags,
          summary: "The caller's own message templates, oldest first (the spec's three are fixed)",
          response: { ...errors },
        },
      }),
      handler: (request) => listMessageTemplates(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.saveMessageTemplate, {
        schema: {
          tags,
          summary:
            'Save a message template of your own (name and text with {first_name}, {company} … variables); with id, change one of yours',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => saveMessageTemplate(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.deleteMessageTemplate, {
        schema: {
          tags,
          summary: 'Delete one of your message templates (campaigns made with it keep their copy)',
          response: { ...errors },
        },
      }),
      handler: (request) => deleteMessageTemplate(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.campaignLeadCount, {
        schema: {
          tags,
          summary: "How many of a list's leads a campaign would take with the chosen exclusions (step 2)",
          response: { ...errors },
        },
      }),
      handler: (request) => campaignLeadCount(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getCampaignLeads, {
        schema: {
          tags,
          summary: "A page of a campaign's leads with the campaign itself (page is one-based)",
          response: { ...errors },
        },
      }),
      handler: (request) => getCampaignLeads(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.renameCampaign, {
        schema: { tags, summary: 'Rename a campaign', response: { ...errors } },
      }),
      handler: (request) => renameCampaign(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.deleteCampaign, {
        schema: {
          tags,
          summary:
            'Delete a campaign that is not running (Draft, Paused, Failed, Finished) with its leads and waiting steps; its activity history is kept and its list is free again (409: running, pause it first)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => deleteCampaign(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.selectCampaignLead, {
        schema: { tags, summary: 'Toggle the selection of a campaign lead', response: { ...errors } },
      }),
      handler: (request) => selectCampaignLead(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.campaignLead, {
        schema: {
          tags,
          summary: 'One campaign lead: its messages, comment, status reason and activity (newest first)',
          response: { ...errors },
        },
      }),
      handler: (request) => campaignLeadDetail(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.updateLeadMessages, {
        schema: {
          tags,
          summary: "Edit a lead's messages (a message already sent cannot change)",
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => updateLeadMessages(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.approveLeadMessage, {
        schema: {
          tags,
          summary:
            "Approve a lead's messages (a skipped lead comes back while the campaign is Draft or Paused)",
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => approveLeadMessage(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.skipLeadMessage, {
        schema: {
          tags,
          summary: 'Skip a lead: it leaves the campaign (only before its first action)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => skipLeadMessage(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.approveAllMessages, {
        schema: {
          tags,
          summary: 'Approve the messages of every lead still waiting for approval',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => approveAllMessages(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.launchCampaign, {
        schema: {
          tags,
          summary:
            'Launch or resume a campaign; unapproved: approve or skip the leads still waiting for approval (409 linkedin_expired with expired: true: save a new li_at; 409 linkedin_throttled or linkedin_challenge)',
          response: { 409: conflictOrExpired, ...errors },
        },
      }),
      handler: (request) => launchCampaign(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.pauseCampaign, {
        schema: {
          tags,
          summary: 'Pause a running campaign before its next action',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => pauseCampaign(deps, callerOf(request).user.id, request.body),
    });
  };
