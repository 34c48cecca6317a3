import {
  ZAddWebsiteRequest,
  ZAddWebsiteResponse,
  ZBrandProfileResponse,
  ZErrorBody,
  ZSkipWebsiteResponse,
  ZUpdateBrandProfileRequest,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { addWebsite } from './add-website';
import { loadBrandProfileState } from './brand-profile';
import { brandProfileView } from './brand-profile-view';
import { skipWebsite } from './skip-website';
import { updateBrandProfile } from './update-brand-profile';

export const websiteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/add_website',
      {
        schema: {
          tags: ['website'],
          summary:
            "Read the signed-in user's website and keep it as the brand profile (fields the user edited stay); sets website_check",
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
    app.get(
      '/brand_profile',
      {
        schema: {
          tags: ['website'],
          summary: "The signed-in user's brand profile: what every content prompt is fed",
          description:
            'Read from the website (company, offer, audience, tone of voice, key phrases, a summary) and ' +
            'corrected by the user. Without a website (skipped), has_website is false, the company is the ' +
            "account's company name and the other fields are empty.",
          response: { 200: ZBrandProfileResponse, 401: ZErrorBody, 403: ZErrorBody },
        },
      },
      async (request) => brandProfileView(await loadBrandProfileState(deps.db, callerOf(request).user.id)),
    );
    app.put(
      '/brand_profile',
      {
        schema: {
          tags: ['website'],
          summary: 'Correct the brand profile; the fields changed are kept when the site is scanned again',
          description:
            'Any of company, offer, audience, tone, key_phrases (plain text; HTML tags are refused). ' +
            'Answers the profile as saved. 409 no_website when no website has been added yet.',
          body: ZUpdateBrandProfileRequest,
          response: {
            200: ZBrandProfileResponse,
            400: ZErrorBody,
            401: ZErrorBody,
            403: ZErrorBody,
            409: ZErrorBody,
          },
        },
      },
      (request) => updateBrandProfile(deps, callerOf(request).user.id, request.body),
    );
  };
