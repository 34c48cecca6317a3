import {
  ZAddWebsiteRequest,
  ZAddWebsiteResponse,
  ZErrorBody,
  ZSkipWebsiteResponse,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { addWebsite } from './add-website';
import { skipWebsite } from './skip-website';

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
    app.post(
      '/skip_website',
      {
        schema: {
          tags: ['website'],
          summary:
            'Go on without a website: sets website_check so sign-in goes to / (website_url stays null)',
          description:
            'For a site that cannot be scanned, or none yet. A website already added is kept. ' +
            'Features that need the company profile ask for a website when website_url is null.',
          response: { 200: ZSkipWebsiteResponse, 401: ZErrorBody, 403: ZErrorBody },
        },
      },
      (request) => skipWebsite(deps, callerOf(request).user),
    );
  };
