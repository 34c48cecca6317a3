import { CALLS, KEYWORD_MESSAGES, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { exportKeywordList } from './export-keyword-list';
import {
  createKeywordList,
  deleteKeywordList,
  getKeywordList,
  listKeywordLists,
  updateKeywordList,
} from './keyword-lists';
import { suggestKeywordIdeas } from './suggest-keyword-ideas';

const tags = ['keywords'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The Keywords screen (spec §2 /advertising and /advertising/keywords): ideas and saved keyword lists. */
export const keywordsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getKeywordMetricsProvider, {
        schema: {
          tags,
          summary:
            'Which provider gives search volume, cost per click and competition (null: none configured)',
          response: { ...errors },
        },
      }),
      handler: async () =>
        deps.keywordMetrics
          ? { provider: deps.keywordMetrics.name, note: null }
          : { provider: null, note: KEYWORD_MESSAGES.noProvider },
    });

    app.route({
      ...callRoute(CALLS.getKeywordIdeas, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary:
            'Keyword ideas from the brand profile, seed terms, a focus topic and optionally a page of the site',
          description:
            'Grouped by theme, each with its search intent and our own relevance score (0–100, not a Google figure). ' +
            'Search volume, cost per click and competition come only from the Google Ads API when it is configured ' +
            '(metrics.provider); otherwise every idea has metrics: null and metrics.note says why. The page is read ' +
            'like the website check (never a private address). Nothing is saved.',
          response: { 429: ZErrorBody, 502: ZErrorBody, ...errors },
        },
      }),
      handler: (request) =>
        suggestKeywordIdeas({ ...deps, log: request.log }, callerOf(request).user, request.body),
    });

    app.route({
      ...callRoute(CALLS.getKeywordLists, {
        schema: {
          tags,
          summary: "The caller's saved keyword lists, newest first (at most 200)",
          response: { ...errors },
        },
      }),
      handler: (request) => listKeywordLists(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.createKeywordList, {
        schema: {
          tags,
          summary: 'Save picked keywords as a list (History shows it as Keywords)',
          response: { ...errors },
        },
      }),
      handler: async (request, reply) => {
        const answer = await createKeywordList(deps, callerOf(request).user.id, request.body);
        return reply.code(201).send(answer);
      },
    });

    app.route({
      ...callRoute(CALLS.getKeywordList, {
        schema: { tags, summary: 'One saved keyword list with its keywords', response: { ...errors } },
      }),
      handler: (request) => getKeywordList(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.updateKeywordList, {
        schema: {
          tags,
          summary: 'Rename a list, add keywords (one already there is replaced) and remove keywords by text',
          response: { ...errors },
        },
      }),
      handler: (request) =>
        updateKeywordList(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.deleteKeywordList, {
        schema: { tags, summary: 'Delete a saved keyword list', response: { ...errors } },
      }),
      handler: (request) => deleteKeywordList(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.exportKeywordList, {
        schema: {
          tags,
          summary: 'A list as CSV; cells a spreadsheet would run as formulas are neutralised',
          produces: ['text/csv'],
          response: { 200: ZFileAnswer, 404: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const { fileName, csv } = await exportKeywordList(deps, callerOf(request).user.id, request.params.id);
        return reply
          .headers({
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${fileName}"`,
            'cache-control': 'no-store',
          })
          .send(csv);
      },
    });
  };
