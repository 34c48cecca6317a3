import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { listNotices } from './list-notices';
import { readNotices } from './read-notices';

const tags = ['notices'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** In-app notices (the bell): failed and held posts, accounts to reconnect, tokens about to end. */
export const noticesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getNotices, {
        schema: {
          tags,
          summary:
            'The caller’s notices, newest first, 20 a page (cursor = next_cursor), and the unread count',
          response: { ...errors },
        },
      }),
      handler: (request) => listNotices(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.markNoticesRead, {
        schema: {
          tags,
          summary: 'Mark notices read: the ids given, or all when none are given; answers the unread count',
          response: { ...errors },
        },
      }),
      handler: (request) => readNotices(deps, callerOf(request).user.id, request.body.ids),
    });
  };
