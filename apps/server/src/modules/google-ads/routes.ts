import { CALLS, googleAdCsvFileName, ZErrorBody, ZPlanLimitReachedBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { adView } from './ad-view';
import { createAd } from './create-ad';
import { deleteAd } from './delete-ad';
import { exportAdCsv } from './export-ad-csv';
import { findAd } from './find-ad';
import { listAds } from './list-ads';
import { regenerateField } from './regenerate-field';
import { updateAd } from './update-ad';

const tags = ['google ads'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** /advertising/google-ads: responsive search ads for a landing page and keywords. */
export const googleAdsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.createGoogleAd, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Write a responsive search ad for a landing page and keywords (one google_ads_limit unit)',
          description:
            "Keywords are the typed ones and those of one of the caller's saved keyword lists (keyword_list_id). " +
            "The landing page (default: the user's website) is read SSRF-safely for grounding; when it cannot be " +
            'read the ad is written from the brand profile and landing_page.message says why. With no unit left ' +
            'this month (Basic has none) the answer is 402 at once, before any page is read or model asked.',
          response: { 402: ZPlanLimitReachedBody, 502: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => createAd(deps, callerOf(request).user, request.body),
    });

    app.route({
      ...callRoute(CALLS.getGoogleAds, {
        schema: {
          tags,
          summary: 'A page of Google ads, newest first (page is one-based)',
          response: { ...errors },
        },
      }),
      handler: (request) => listAds(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getGoogleAd, {
        schema: { tags, summary: 'One Google ad', response: { ...errors } },
      }),
      handler: async (request) => adView(await findAd(deps.db, callerOf(request).user.id, request.params.id)),
    });

    app.route({
      ...callRoute(CALLS.updateGoogleAd, {
        schema: {
          tags,
          summary:
            "Save an edited ad: every field within Google's limits, or 400 naming the first that is not",
          response: { ...errors },
        },
      }),
      handler: (request) => updateAd(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.regenerateGoogleAd, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Write one headline, description or path again (not saved; the other fields are kept)',
          response: { 409: ZErrorBody, 502: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => regenerateField(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.deleteGoogleAd, {
        schema: { tags, summary: 'Delete a Google ad', response: { ...errors } },
      }),
      handler: (request) => deleteAd(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.getGoogleAdCsv, {
        schema: {
          tags,
          summary:
            "The ad in Google Ads Editor's CSV columns (Campaign, Ad group, Final URL, Path 1–2, Headline 1–15, Description 1–4)",
          description: "Cells a spreadsheet would run as formulas are neutralised (a leading ').",
          produces: ['text/csv'],
          response: { 200: ZFileAnswer, 404: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const csv = await exportAdCsv(deps, callerOf(request).user.id, request.params.id);
        return reply
          .headers({
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${googleAdCsvFileName(request.params.id)}"`,
            'cache-control': 'no-store',
          })
          .send(csv);
      },
    });
  };
