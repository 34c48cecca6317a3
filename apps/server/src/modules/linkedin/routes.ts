import {
  ZErrorBody,
  ZLeadImportRequest,
  ZLiAtExpiredResponse,
  ZLinkedInExpiredError,
  ZSearchResultRequest,
  ZSearchResultResponse,
  ZStoreCookieRequest,
  ZStoreCookieResponse,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { liAtExpired } from './li-at-expired';
import { startLeadImport } from './search-import/start-lead-import';
import { startSearchImport } from './search-import/start-search-import';
import { storeCookie } from './store-cookie';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export const linkedinRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/linkedinAI/store_cookie',
      {
        schema: {
          tags: ['linkedin'],
          summary:
            "Check a LinkedIn li_at cookie against LinkedIn and keep it (encrypted) as the user's session",
          body: ZStoreCookieRequest,
          response: { 200: ZStoreCookieResponse, 502: ZErrorBody, 503: ZErrorBody, ...errors },
        },
      },
      (request) => storeCookie(deps, callerOf(request).user.id, request.body),
    );
    app.get(
      '/linkedinAI/li_at_expired',
      {
        schema: {
          tags: ['linkedin'],
          summary: 'Whether the stored LinkedIn session still works (the web app asks every 60 s)',
          response: { 200: ZLiAtExpiredResponse, ...errors },
        },
      },
      (request) => liAtExpired(deps, callerOf(request).user.id),
    );
    app.post(
      '/linkedinAI/search_result',
      {
        schema: {
          tags: ['linkedin'],
          summary: 'Import the people of a LinkedIn search URL into a list, in the background',
          body: ZSearchResultRequest,
          response: { 200: ZSearchResultResponse, 409: ZLinkedInExpiredError.or(ZErrorBody), ...errors },
        },
      },
      (request) => startSearchImport(deps, callerOf(request).user.id, request.body),
    );
    app.post(
      '/linkedinAI/lead_import',
      {
        schema: {
          tags: ['linkedin'],
          summary:
            'Import the members of a group, the reactors of a post, the connections or followers of a profile, or the attendees of an event into a list, in the background',
          body: ZLeadImportRequest,
          response: {
            200: ZSearchResultResponse,
            404: ZErrorBody,
            409: ZLinkedInExpiredError.or(ZErrorBody),
            ...errors,
          },
        },
      },
      (request) => startLeadImport(deps, callerOf(request).user.id, request.body),
    );
  };
