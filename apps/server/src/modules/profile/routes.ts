import { ZCrmTitleRequest, ZErrorBody, ZMeResponse, ZUpdateMeRequest } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { meOf, setCrmTitle, updateMe } from './me';

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/me',
      {
        // The activation pop-up reads it to know the account is inactive.
        config: { allowInactive: true },
        schema: {
          tags: ['account'],
          summary: 'The session fields of the signed-in user',
          response: { 200: ZMeResponse, 401: ZErrorBody },
        },
      },
      (request) => meOf(deps, callerOf(request).user),
    );
    app.put(
      '/me',
      {
        schema: {
          tags: ['account'],
          summary: 'Change the profile fields a user may change (company name, time zone): only those sent',
          body: ZUpdateMeRequest,
          response: { 200: ZMeResponse, 400: ZErrorBody, 401: ZErrorBody },
        },
      },
      (request) => updateMe(deps, callerOf(request).user, request.body),
    );
    app.put(
      '/me/crm_title',
      {
        schema: {
          tags: ['account'],
          summary: 'Rename the title of the list pages (default "CRM"; an empty title restores it)',
          body: ZCrmTitleRequest,
          response: { 200: ZMeResponse, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
        },
      },
      (request) => setCrmTitle(deps, callerOf(request).user, request.body),
    );
  };
