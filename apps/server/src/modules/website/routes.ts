import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { addWebsite } from './add-website';
import { readBrandLogo } from './brand-logo';
import { loadBrandProfileState } from './brand-profile';
import { brandProfileView } from './brand-profile-view';
import { skipWebsite } from './skip-website';
import { updateBrandProfile } from './update-brand-profile';

export const websiteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.addWebsite, {
        schema: {
          tags: ['website'],
          summary:
            "Read the signed-in user's website and keep it as the brand profile (fields the user edited stay); sets website_check",
          description:
            'The site is fetched by the server: only public http(s) addresses, at most 5 redirects, 10 seconds and 2 MiB. ' +
            'A refused address answers unsafe_url; a site that cannot be read answers website_unreachable.',
          response: { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
        },
      }),
      handler: (request) =>
        addWebsite(deps, callerOf(request).user, {
          email: request.body.email,
          websiteUrl: request.body.website_url,
        }),
    });
    app.route({
      ...callRoute(CALLS.skipWebsite, {
        schema: {
          tags: ['website'],
          summary:
            'Go on without a website: sets website_check so sign-in goes to / (website_url stays null)',
          description:
            'For a site that cannot be scanned, or none yet. A website already added is kept. ' +
            'Features that need the company profile ask for a website when website_url is null.',
          response: { 401: ZErrorBody, 403: ZErrorBody },
        },
      }),
      handler: (request) => skipWebsite(deps, callerOf(request).user),
    });
    app.route({
      ...callRoute(CALLS.getBrandProfile, {
        schema: {
          tags: ['website'],
          summary: "The signed-in user's brand profile: what every content prompt is fed",
          description:
            'Read from the website (company, offer, audience, tone of voice, key phrases, a summary) and ' +
            'corrected by the user. Without a website (skipped), has_website is false, the company is the ' +
            "account's company name and the other fields are empty.",
          response: { 401: ZErrorBody, 403: ZErrorBody },
        },
      }),
      handler: async (request) =>
        brandProfileView(await loadBrandProfileState(deps.db, callerOf(request).user.id)),
    });
    app.route({
      ...callRoute(CALLS.getBrandLogo, {
        schema: {
          tags: ['website'],
          summary: "The brand's logo as read from the website (PNG, at most 512 pixels a side)",
          description:
            'Made from the logo the site shows (a picture named logo in its header, else its touch icon or ' +
            'og:image). 404 when the site gave none; picture themes that take the brand look draw it.',
          produces: ['image/png'],
          response: { 200: ZFileAnswer, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const logo = await readBrandLogo(deps, callerOf(request).user.id);
        return reply
          .headers({
            'content-type': 'image/png',
            'content-length': String(logo.png.length),
            // A new scan may find another logo: the browser asks again each time.
            'cache-control': 'private, no-cache',
            'content-security-policy': "default-src 'none'; sandbox",
          })
          .send(logo.png);
      },
    });
    app.route({
      ...callRoute(CALLS.updateBrandProfile, {
        schema: {
          tags: ['website'],
          summary: 'Correct the brand profile; the fields changed are kept when the site is scanned again',
          description:
            'Any of company, offer, audience, tone, key_phrases (plain text; HTML tags are refused). ' +
            'Answers the profile as saved. 409 no_website when no website has been added yet.',
          response: { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody },
        },
      }),
      handler: (request) => updateBrandProfile(deps, callerOf(request).user.id, request.body),
    });
  };
