import { CALLS, ENGAGEMENT_MESSAGES, ZErrorBody, ZLinkedInRefusalBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { labelThreadLead, markThreadRead } from './label-lead';
import { listThreads, unreadTotal } from './list-threads';
import { replyToThread } from './reply-to-thread';
import { suggestReply } from './suggest-reply';
import { findThread, threadDetailOf } from './thread-view';

const tags = ['engagement'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** /engagement: the inbox of LinkedIn threads with campaign leads, each user's own (another's is a 404). */
export const engagementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getThreads, {
        schema: {
          tags,
          summary:
            'The caller’s threads with campaign leads, newest message first (keyset-paged), with search, filters and the unread total',
          response: { ...errors },
        },
      }),
      handler: (request) => listThreads(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getEngagementUnread, {
        schema: {
          tags,
          summary: 'Unread messages across the caller’s threads (the sidebar’s badge)',
          response: { ...errors },
        },
      }),
      handler: async (request) => ({ unread_total: await unreadTotal(deps, callerOf(request).user.id) }),
    });

    app.route({
      ...callRoute(CALLS.getThread, {
        schema: {
          tags,
          summary: 'A thread with its messages, oldest first, and where the lead’s campaign sequence stands',
          response: { ...errors },
        },
      }),
      handler: async (request) =>
        threadDetailOf(deps, await findThread(deps, callerOf(request).user.id, request.params.id)),
    });

    app.route({
      ...callRoute(CALLS.markThreadRead, {
        schema: { tags, summary: 'Mark the thread’s messages as read', response: { ...errors } },
      }),
      handler: (request) => markThreadRead(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.replyToThread, {
        schema: {
          tags,
          summary:
            'Reply in the thread through LinkedIn, under the account’s safety rules, read back and kept',
          description:
            '409 linkedin_expired (expired: true), linkedin_throttled or linkedin_challenge: the account cannot be used now; ' +
            '409 reconnect: the thread’s LinkedIn account is no longer the connected one; 409 not_connected: LinkedIn ' +
            'lets you message only your connections; 409 conflict: a campaign step holds the account, try again in a ' +
            'moment; 429 daily_cap_reached (retry_at): the account’s messages of the day are spent; 502 ' +
            'linkedin_unavailable: LinkedIn could not be reached or did not show the reply.',
          response: { 409: ZLinkedInRefusalBody, 429: ZLinkedInRefusalBody, 502: ZErrorBody, ...errors },
        },
      }),
      handler: async (request) => {
        const thread = await replyToThread(
          deps,
          callerOf(request).user.id,
          request.params.id,
          request.body.text,
        );
        return { message: ENGAGEMENT_MESSAGES.replySent, thread };
      },
    });

    app.route({
      ...callRoute(CALLS.suggestReply, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary:
            'A suggested reply: by the AI model from the thread, the lead and the brand profile, or an offline draft from the lead’s own words',
          response: { ...errors },
        },
      }),
      handler: (request) => suggestReply(deps, callerOf(request).user.id, request.params.id, request.log),
    });

    app.route({
      ...callRoute(CALLS.labelThreadLead, {
        schema: {
          tags,
          summary:
            'Label the thread’s lead: interested, not interested, meeting booked, later (null removes it)',
          response: { ...errors },
        },
      }),
      handler: (request) =>
        labelThreadLead(deps, callerOf(request).user.id, request.params.id, request.body.label),
    });
  };
