import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { meOf, setCrmTitle, updateMe } from './me';

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getMe, {
        // The activation pop-up reads it to know the account is inactive.
        config: { allowInactive: true },
        schema: {
          tags: ['account'],
          summary: 'The session fields of the signed-in user',
          response: { 401: ZErrorBody },
        },
      }),
      handler: (request) => meOf(deps, callerOf(request).user),
    });
    app.route({
      ...callRoute(CALLS.updateMe, {
        schema: {
          tags: ['account'],
          summary: 'Change the profile fields a user may change (company name, time zone): only those sent',
          response: { 400: ZErrorBody, 401: ZErrorBody },
        },
      }),
      handler: (request) => updateMe(deps, callerOf(request).user, request.body),
    });
    app.route({
      ...callRoute(CALLS.updateMeCrmTitle, {
        schema: {
          tags: ['account'],
          summary: 'Rename the title of the list pages (default "CRM"; an empty title restores it)',
          response: { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
        },
      }),
      handler: (request) => setCrmTitle(deps, callerOf(request).user, request.body),
    });
  };
