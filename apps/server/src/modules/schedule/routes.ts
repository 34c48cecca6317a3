import { CALLS, SCHEDULE_MESSAGES, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { listSchedule } from './list-schedule';
import { listTargets } from './list-targets';
import { removeScheduledPost } from './remove-scheduled-post';
import { reschedulePost } from './reschedule-post';
import { retryScheduledPost } from './retry-scheduled-post';
import { scheduleContent } from './schedule-content';
import { scheduleDetail } from './schedule-detail';

const tags = ['schedule'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const changeErrors = { ...errors, 409: ZErrorBody };

/** The calendar (/schedule): what is scheduled, published or failed, and scheduling, moving and retrying it. */
export const scheduleRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getScheduledPosts, {
        schema: {
          tags,
          summary:
            'Calendar items (spec §7: data of ID, PostedOn, ContentType) in [from, to); 3 months back to 12 ahead by default',
          response: { ...errors },
        },
      }),
      handler: (request) => listSchedule(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getScheduleTargets, {
        schema: {
          tags,
          summary: 'The connected accounts content can be scheduled to',
          response: { ...errors },
        },
      }),
      handler: (request) => listTargets(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.schedulePost, {
        schema: {
          tags,
          summary:
            'Schedule a ready content item for one or more accounts at a local date and time (time_zone, else the profile zone, else UTC)',
          response: { ...changeErrors },
        },
      }),
      handler: async (request, reply) => {
        const data = await scheduleContent(deps, callerOf(request).user, request.body);
        return reply.code(201).send({ data, message: SCHEDULE_MESSAGES.scheduled });
      },
    });

    app.route({
      ...callRoute(CALLS.getScheduledPost, {
        schema: {
          tags,
          summary:
            'One calendar item with its text, whether a picture goes with it, and every publish attempt',
          response: { ...errors },
        },
      }),
      handler: (request) => scheduleDetail(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.updateScheduledPost, {
        schema: {
          tags,
          summary:
            'Move a calendar item to another instant (a failed or held one is tried again then); not while publishing or once published',
          response: { ...changeErrors },
        },
      }),
      handler: async (request) => ({
        data: await reschedulePost(deps, callerOf(request).user.id, request.params.id, request.body.PostedOn),
      }),
    });

    app.route({
      ...callRoute(CALLS.deleteScheduledPost, {
        schema: {
          tags,
          summary:
            'Take an item off the calendar; not while publishing, and a published one stays as history',
          response: { ...changeErrors },
        },
      }),
      handler: (request) => removeScheduledPost(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.retryScheduledPost, {
        schema: { tags, summary: 'Publish a failed or held item again now', response: { ...changeErrors } },
      }),
      handler: async (request) => ({
        data: await retryScheduledPost(deps, callerOf(request).user.id, request.params.id),
      }),
    });
  };
