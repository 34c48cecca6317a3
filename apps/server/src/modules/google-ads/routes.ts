import {
  googleAdCsvFileName,
  ZCreateGoogleAdRequest,
  ZErrorBody,
  ZGoogleAd,
  ZGoogleAdIdParams,
  ZGoogleAdsQuery,
  ZGoogleAdsResponse,
  ZMessageResponse,
  ZPlanLimitReachedBody,
  ZRegenerateGoogleAdFieldRequest,
  ZRegenerateGoogleAdFieldResponse,
  ZUpdateGoogleAdRequest,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
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
    app.post(
      '/google-ads',
      {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Write a responsive search ad for a landing page and keywords (one google_ads_limit unit)',
          description:
            "Keywords are the typed ones and those of one of the caller's saved keyword lists (keyword_list_id). " +
            "The landing page (default: the user's website) is read SSRF-safely for grounding; when it cannot be " +
            'read the ad is written from the brand profile and landing_page.message says why. With no unit left ' +
            'this month (Basic has none) the answer is 402 at once, before any page is read or model asked.',
          body: ZCreateGoogleAdRequest,
          response: { 200: ZGoogleAd, 402: ZPlanLimitReachedBody, 502: ZErrorBody, ...errors },
        },
      },
      (request) => createAd(deps, callerOf(request).user, request.body),
    );

    app.get(
      '/google-ads',
      {
        schema: {
          tags,
          summary: 'A page of Google ads, newest first (page is one-based)',
          querystring: ZGoogleAdsQuery,
          response: { 200: ZGoogleAdsResponse, ...errors },
        },
      },
      (request) => listAds(deps, callerOf(request).user.id, request.query),
    );

    app.get(
      '/google-ads/:id',
      {
        schema: {
          tags,
          summary: 'One Google ad',
          params: ZGoogleAdIdParams,
          response: { 200: ZGoogleAd, ...errors },
        },
      },
      async (request) => adView(await findAd(deps.db, callerOf(request).user.id, request.params.id)),
    );

    app.put(
      '/google-ads/:id',
      {
        schema: {
          tags,
          summary:
            "Save an edited ad: every field within Google's limits, or 400 naming the first that is not",
          params: ZGoogleAdIdParams,
          body: ZUpdateGoogleAdRequest,
          response: { 200: ZGoogleAd, ...errors },
        },
      },
      (request) => updateAd(deps, callerOf(request).user.id, request.params.id, request.body),
    );

    app.post(
      '/google-ads/:id/regenerate',
      {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Write one headline, description or path again (not saved; the other fields are kept)',
          params: ZGoogleAdIdParams,
          body: ZRegenerateGoogleAdFieldRequest,
          response: { 200: ZRegenerateGoogleAdFieldResponse, 409: ZErrorBody, 502: ZErrorBody, ...errors },
        },
      },
      (request) => regenerateField(deps, callerOf(request).user.id, request.params.id, request.body),
    );

    app.delete(
      '/google-ads/:id',
      {
        schema: {
          tags,
          summary: 'Delete a Google ad',
          params: ZGoogleAdIdParams,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      (request) => deleteAd(deps, callerOf(request).user.id, request.params.id),
    );

    app.get(
      '/google-ads/:id/csv',
      {
        schema: {
          tags,
          summary:
            "The ad in Google Ads Editor's CSV columns (Campaign, Ad group, Final URL, Path 1–2, Headline 1–15, Description 1–4)",
          description: "Cells a spreadsheet would run as formulas are neutralised (a leading ').",
          params: ZGoogleAdIdParams,
          produces: ['text/csv'],
          response: { 200: ZFileAnswer, 404: ZErrorBody },
        },
      },
      async (request, reply) => {
        const csv = await exportAdCsv(deps, callerOf(request).user.id, request.params.id);
        return reply
          .headers({
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${googleAdCsvFileName(request.params.id)}"`,
            'cache-control': 'no-store',
          })
          .send(csv);
      },
    );
  };
