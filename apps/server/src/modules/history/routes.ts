import {
  ZErrorBody,
  ZHistoryDuplicateResponse,
  ZHistoryIdParams,
  ZHistoryQuery,
  ZHistoryResponse,
  ZMessageResponse,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { deleteItem } from './delete-item';
import { duplicateItem } from './duplicate-item';
import { listHistory } from './list-history';

const tags = ['history'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** /history: everything the caller generated (content_items), newest first. */
export const historyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/history',
      {
        schema: {
          tags,
          summary: 'A page of generated items, newest first; filter by kind, search the title',
          querystring: ZHistoryQuery,
          response: { 200: ZHistoryResponse, ...errors },
        },
      },
      (request) => listHistory(deps, callerOf(request).user.id, request.query),
    );

    app.post(
      '/history/:id/duplicate',
      {
        schema: {
          tags,
          summary: 'Copy a finished item (the copy names the original as its source)',
          params: ZHistoryIdParams,
          response: { 200: ZHistoryDuplicateResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => duplicateItem(deps, callerOf(request).user.id, request.params.id),
    );

    app.delete(
      '/history/:id',
      {
        schema: {
          tags,
          summary: 'Delete a generated item of any kind',
          params: ZHistoryIdParams,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      (request) => deleteItem(deps, callerOf(request).user.id, request.params.id),
    );
  };
