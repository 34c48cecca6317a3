import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callRoute } from '../../http/call-route';
import { notFound } from '../../http/errors';
import { openPublicFileToken } from './public-file-link';

const NOT_FOUND = 'This link does not exist or has expired.';

/**
 * GET /api/public-files?token=…: the one stored picture a signed link names, to anyone, until the link
 * expires (Instagram fetches a post's picture from here). Bad, changed or expired tokens are a 404.
 */
export const publicFilesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getPublicFiles, {
        config: { access: 'public' },
        schema: {
          tags: ['publishing'],
          description:
            'No sign-in: the token is the permission. Answers the picture with its type; a token that is not ' +
            'the server’s, was changed or has expired answers 404 { error, message }.',
          summary:
            'A picture shared with a publishing platform through a signed link that expires after an hour',
          produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
          response: { 200: ZFileAnswer, 404: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const link = openPublicFileToken(deps, request.query.token);
        if (!link) throw notFound(NOT_FOUND);
        const file = await deps.storage.get(link.storageKey);
        if (!file) throw notFound(NOT_FOUND);
        const seconds = Math.max(
          0,
          Math.floor((link.expiresAt.getTime() - deps.clock.now().getTime()) / 1000),
        );
        return reply
          .headers({
            'content-type': link.contentType,
            'content-length': String(file.size),
            'cache-control': `public, max-age=${seconds}`,
            'content-security-policy': "default-src 'none'; sandbox",
            'x-content-type-options': 'nosniff',
            // Platforms fetch it server to server; browsers of other sites may show it too.
            'cross-origin-resource-policy': 'cross-origin',
          })
          .send(file.body);
      },
    });
  };
