import {
  ZApproveAllResponse,
  ZCampaignIdRequest,
  ZCampaignLeadCountQuery,
  ZCampaignLeadCountResponse,
  ZCampaignLeadDetail,
  ZCampaignLeadIdRequest,
  ZCampaignLeadsQuery,
  ZCampaignLeadsResponse,
  ZCampaignStateResponse,
  ZCreateCampaignRequest,
  ZCreateCampaignResponse,
  ZErrorBody,
  ZFetchCampaignsQuery,
  ZFetchCampaignsResponse,
  ZLaunchCampaignRequest,
  ZLinkedInRefusalBody,
  ZMessageResponse,
  ZMessageTemplatesResponse,
  ZRenameCampaignRequest,
  ZSaveMessageTemplateRequest,
  ZSaveMessageTemplateResponse,
  ZSearchCampaignsQuery,
  ZSearchCampaignsResponse,
  ZSelectCampaignLeadResponse,
  ZSelectCampaignResponse,
  ZUpdateLeadMessagesRequest,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
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
const BASE = '/linkedinAI';

/** Spec §7 "Campaigns", plus the calls of step 6's side panel and step 2's lead count. */
export const campaignsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${BASE}/fetch_campaigns`,
      {
        schema: {
          tags,
          summary: 'A page of campaigns, newest first (page is one-based)',
          querystring: ZFetchCampaignsQuery,
          response: { 200: ZFetchCampaignsResponse, ...errors },
        },
      },
      (request) => fetchCampaigns(deps, callerOf(request).user.id, request.query),
    );

    app.get(
      `${BASE}/search_campaigns`,
      {
        schema: {
          tags,
          summary: 'Campaigns whose name contains the query (any letter case), newest first, at most 50',
          querystring: ZSearchCampaignsQuery,
          response: { 200: ZSearchCampaignsResponse, ...errors },
        },
      },
      (request) => searchCampaigns(deps, callerOf(request).user.id, request.query),
    );

    app.post(
      `${BASE}/select_campaign`,
      {
        schema: {
          tags,
          summary: 'Toggle the selection of a campaign',
          body: ZCampaignIdRequest,
          response: { 200: ZSelectCampaignResponse, ...errors },
        },
      },
      (request) => selectCampaign(deps, callerOf(request).user.id, request.body),
    );

    app.post(
      `${BASE}/create_campaign`,
      {
        schema: {
          tags,
          summary:
            'Create a campaign over a list for 50 credits; its messages are written in the background (402: not enough credits; 409 linkedin_expired with expired: true: save a new li_at; 409 linkedin_throttled or linkedin_challenge: LinkedIn refuses the account for now)',
          body: ZCreateCampaignRequest,
          response: { 200: ZCreateCampaignResponse, 402: ZErrorBody, 409: conflictOrExpired, ...errors },
        },
      },
      (request) => createCampaign({ ...deps, log: request.log }, callerOf(request).user.id, request.body),
    );

    app.get(
      `${BASE}/message_templates`,
      {
        schema: {
          tags,
          summary: "The caller's own message templates, oldest first (the spec's three are fixed)",
          response: { 200: ZMessageTemplatesResponse, ...errors },
        },
      },
      (request) => listMessageTemplates(deps, callerOf(request).user.id),
    );

    app.post(
      `${BASE}/save_message_template`,
      {
        schema: {
          tags,
          summary:
            'Save a message template of your own (name and text with {first_name}, {company} … variables); with id, change one of yours',
          body: ZSaveMessageTemplateRequest,
          response: { 200: ZSaveMessageTemplateResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => saveMessageTemplate(deps, callerOf(request).user.id, request.body),
    );

    app.delete(
      `${BASE}/delete_message_template`,
      {
        schema: {
          tags,
          summary: 'Delete one of your message templates (campaigns made with it keep their copy)',
          querystring: ZCampaignIdRequest,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      (request) => deleteMessageTemplate(deps, callerOf(request).user.id, request.query),
    );

    app.get(
      `${BASE}/campaign_lead_count`,
      {
        schema: {
          tags,
          summary: "How many of a list's leads a campaign would take with the chosen exclusions (step 2)",
          querystring: ZCampaignLeadCountQuery,
          response: { 200: ZCampaignLeadCountResponse, ...errors },
        },
      },
      (request) => campaignLeadCount(deps, callerOf(request).user.id, request.query),
    );

    app.get(
      `${BASE}/get_campaign_leads`,
      {
        schema: {
          tags,
          summary: "A page of a campaign's leads with the campaign itself (page is one-based)",
          querystring: ZCampaignLeadsQuery,
          response: { 200: ZCampaignLeadsResponse, ...errors },
        },
      },
      (request) => getCampaignLeads(deps, callerOf(request).user.id, request.query),
    );

    app.put(
      `${BASE}/rename_campaign`,
      {
        schema: {
          tags,
          summary: 'Rename a campaign',
          body: ZRenameCampaignRequest,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      (request) => renameCampaign(deps, callerOf(request).user.id, request.body),
    );

    app.delete(
      `${BASE}/delete_campaign`,
      {
        schema: {
          tags,
          summary:
            'Delete a campaign that is not running (Draft, Paused, Failed, Finished) with its leads and waiting steps; its activity history is kept and its list is free again (409: running, pause it first)',
          querystring: ZCampaignIdRequest,
          response: { 200: ZMessageResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => deleteCampaign(deps, callerOf(request).user.id, request.query),
    );

    app.put(
      `${BASE}/select_campaign_lead`,
      {
        schema: {
          tags,
          summary: 'Toggle the selection of a campaign lead',
          body: ZCampaignLeadIdRequest,
          response: { 200: ZSelectCampaignLeadResponse, ...errors },
        },
      },
      (request) => selectCampaignLead(deps, callerOf(request).user.id, request.body),
    );

    app.get(
      `${BASE}/campaign_lead`,
      {
        schema: {
          tags,
          summary: 'One campaign lead: its messages, comment, status reason and activity (newest first)',
          querystring: ZCampaignLeadIdRequest,
          response: { 200: ZCampaignLeadDetail, ...errors },
        },
      },
      (request) => campaignLeadDetail(deps, callerOf(request).user.id, request.query),
    );

    app.put(
      `${BASE}/update_lead_messages`,
      {
        schema: {
          tags,
          summary: "Edit a lead's messages (a message already sent cannot change)",
          body: ZUpdateLeadMessagesRequest,
          response: { 200: ZMessageResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => updateLeadMessages(deps, callerOf(request).user.id, request.body),
    );

    app.put(
      `${BASE}/approve_lead_message`,
      {
        schema: {
          tags,
          summary:
            "Approve a lead's messages (a skipped lead comes back while the campaign is Draft or Paused)",
          body: ZCampaignLeadIdRequest,
          response: { 200: ZMessageResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => approveLeadMessage(deps, callerOf(request).user.id, request.body),
    );

    app.put(
      `${BASE}/skip_lead_message`,
      {
        schema: {
          tags,
          summary: 'Skip a lead: it leaves the campaign (only before its first action)',
          body: ZCampaignLeadIdRequest,
          response: { 200: ZMessageResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => skipLeadMessage(deps, callerOf(request).user.id, request.body),
    );

    app.put(
      `${BASE}/approve_all_messages`,
      {
        schema: {
          tags,
          summary: 'Approve the messages of every lead still waiting for approval',
          body: ZCampaignIdRequest,
          response: { 200: ZApproveAllResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => approveAllMessages(deps, callerOf(request).user.id, request.body),
    );

    app.put(
      `${BASE}/launch_campaign`,
      {
        schema: {
          tags,
          summary:
            'Launch or resume a campaign; unapproved: approve or skip the leads still waiting for approval (409 linkedin_expired with expired: true: save a new li_at; 409 linkedin_throttled or linkedin_challenge)',
          body: ZLaunchCampaignRequest,
          response: { 200: ZCampaignStateResponse, 409: conflictOrExpired, ...errors },
        },
      },
      (request) => launchCampaign(deps, callerOf(request).user.id, request.body),
    );

    app.put(
      `${BASE}/pause_campaign`,
      {
        schema: {
          tags,
          summary: 'Pause a running campaign before its next action',
          body: ZCampaignIdRequest,
          response: { 200: ZCampaignStateResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => pauseCampaign(deps, callerOf(request).user.id, request.body),
    );
  };
