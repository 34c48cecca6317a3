import { CALLS, ZErrorBody, ZLinkedInExpiredError } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { liAtExpired } from './li-at-expired';
import { startLeadImport } from './search-import/start-lead-import';
import { startSearchImport } from './search-import/start-search-import';
import { storeCookie } from './store-cookie';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export const linkedinRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.storeCookie, {
        schema: {
          tags: ['linkedin'],
          summary:
            "Check a LinkedIn li_at cookie against LinkedIn and keep it (encrypted) as the user's session",
          response: { 502: ZErrorBody, 503: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => storeCookie(deps, callerOf(request).user.id, request.body),
    });
    app.route({
      ...callRoute(CALLS.liAtExpired, {
        schema: {
          tags: ['linkedin'],
          summary: 'Whether the stored LinkedIn session still works (the web app asks every 60 s)',
          response: { ...errors },
        },
      }),
      handler: (request) => liAtExpired(deps, callerOf(request).user.id),
    });
    app.route({
      ...callRoute(CALLS.searchResult, {
        schema: {
          tags: ['linkedin'],
          summary: 'Import the people of a LinkedIn search URL into a list, in the background',
          response: { 409: ZLinkedInExpiredError.or(ZErrorBody), ...errors },
        },
      }),
      handler: (request) => startSearchImport(deps, callerOf(request).user.id, request.body),
    });
    app.route({
      ...callRoute(CALLS.leadImport, {
        schema: {
          tags: ['linkedin'],
          summary:
            'Import the members of a group, the reactors of a post, the connections or followers of a profile, or the attendees of an event into a list, in the background',
          response: { 404: ZErrorBody, 409: ZLinkedInExpiredError.or(ZErrorBody), ...errors },
        },
      }),
      handler: (request) => startLeadImport(deps, callerOf(request).user.id, request.body),
    });
  };
