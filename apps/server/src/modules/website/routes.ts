import { ZAddWebsiteRequest, ZAddWebsiteResponse, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { addWebsite } from './add-website';

export const websiteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/add_website',
      {
        schema: {
          tags: ['website'],
          summary: "Read the signed-in user's website and keep it as the company profile; sets website_check",
          description:
            'The site is fetched by the server: only public http(s) addresses, at most 5 redirects, 10 seconds and 2 MiB. ' +
            'A refused address answers unsafe_url; a site that cannot be read answers website_unreachable.',
          body: ZAddWebsiteRequest,
          response: {
            200: ZAddWebsiteResponse,
            400: ZErrorBody,
            401: ZErrorBody,
            403: ZErrorBody,
            429: ZErrorBody,
          },
        },
      },
      (request) =>
        addWebsite(deps, callerOf(request).user, {
          email: request.body.email,
          websiteUrl: request.body.website_url,
        }),
    );
  };
