import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { connectLinkedIn, linkedInAuthorizeUrl } from './linkedin-connect';
import { linkedInUserInfo, unlinkLinkedIn } from './linkedin-publishing-account';
import { listIntegrations } from './list-integrations';
import { connectMeta, FACEBOOK_LOGIN_SCOPES } from './meta-connect';
import { connectWordpress } from './wordpress-connect';

const tags = ['integrations'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const platformErrors = { ...errors, 409: ZErrorBody, 502: ZErrorBody };

/** The Integrations page: connecting LinkedIn, Facebook, Instagram and WordPress accounts for publishing. */
export const integrationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getIntegrations, {
        schema: {
          tags,
          summary: 'Which platforms are connected (spec §3 flags), and which ask to reconnect',
          response: { ...errors },
        },
      }),
      handler: (request) => listIntegrations(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.getIntegrationsConfig, {
        schema: {
          tags,
          summary: 'What the page needs to run the Facebook login (SDK URL, app id, Graph version)',
          response: { ...errors },
        },
      }),
      handler: async () => ({
        facebook: deps.publishing.facebookLogin,
        facebookScopes: [...FACEBOOK_LOGIN_SCOPES],
        sandbox: deps.publishing.sandbox,
      }),
    });

    app.route({
      ...callRoute(CALLS.authorizeLinkedinIntegration, {
        schema: {
          tags,
          summary:
            "LinkedIn's consent page for the popup, with a state signed for the caller (valid 10 minutes)",
          response: { ...errors },
        },
      }),
      handler: async (request) => ({ url: linkedInAuthorizeUrl(deps, callerOf(request).user.id) }),
    });

    app.route({
      ...callRoute(CALLS.genToken, {
        schema: {
          tags,
          summary:
            'Connect LinkedIn (the code and state from the popup) or Facebook/Instagram (the login token)',
          response: { ...platformErrors },
        },
      }),
      handler: (request) => {
        const userId = callerOf(request).user.id;
        const body = request.body;
        return body.social_media === 'linkedin'
          ? connectLinkedIn(deps, userId, { code: body.user_access_token, state: body.state }, request.log)
          : connectMeta(deps, userId, body.social_media, body.user_access_token, request.log);
      },
    });

    app.route({
      ...callRoute(CALLS.deleteGenToken, {
        schema: {
          tags,
          summary: 'Unlink LinkedIn: LinkedIn revokes our access and the token is forgotten',
          response: { ...platformErrors },
        },
      }),
      handler: (request) => unlinkLinkedIn(deps, callerOf(request).user.id, request.log),
    });

    app.route({
      ...callRoute(CALLS.connectWordpress, {
        schema: {
          tags,
          summary: 'Connect a WordPress site (username, application password, host), checked before saving',
          response: { ...platformErrors },
        },
      }),
      handler: (request) => connectWordpress(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.getUserInfo, {
        schema: { tags, summary: 'The connected LinkedIn member: name and picture', response: { ...errors } },
      }),
      handler: (request) => linkedInUserInfo(deps, callerOf(request).user.id, request.log),
    });
  };
