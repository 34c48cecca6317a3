import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { deleteItem } from './delete-item';
import { duplicateItem } from './duplicate-item';
import { listHistory } from './list-history';

const tags = ['history'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** /history: everything the caller generated (content_items), newest first. */
export const historyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getHistory, {
        schema: {
          tags,
          summary: 'A page of generated items, newest first; filter by kind, search the title',
          response: { ...errors },
        },
      }),
      handler: (request) => listHistory(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.duplicateHistoryItem, {
        schema: {
          tags,
          summary: 'Copy a finished item (the copy names the original as its source)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => duplicateItem(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.deleteHistoryItem, {
        schema: { tags, summary: 'Delete a generated item of any kind', response: { ...errors } },
      }),
      handler: (request) => deleteItem(deps, callerOf(request).user.id, request.params.id),
    });
  };
