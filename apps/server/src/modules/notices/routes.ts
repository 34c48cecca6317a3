import {
  ZErrorBody,
  ZNoticesQuery,
  ZNoticesResponse,
  ZReadNoticesRequest,
  ZReadNoticesResponse,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { listNotices } from './list-notices';
import { readNotices } from './read-notices';

const tags = ['notices'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** In-app notices (the bell): failed and held posts, accounts to reconnect, tokens about to end. */
export const noticesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notices',
      {
        schema: {
          tags,
          summary:
            'The caller’s notices, newest first, 20 a page (cursor = next_cursor), and the unread count',
          querystring: ZNoticesQuery,
          response: { 200: ZNoticesResponse, ...errors },
        },
      },
      (request) => listNotices(deps, callerOf(request).user.id, request.query),
    );

    app.post(
      '/notices/read',
      {
        schema: {
          tags,
          summary: 'Mark notices read: the ids given, or all when none are given; answers the unread count',
          body: ZReadNoticesRequest,
          response: { 200: ZReadNoticesResponse, ...errors },
        },
      },
      (request) => readNotices(deps, callerOf(request).user.id, request.body.ids),
    );
  };
