import type { TKeywordMetrics } from '@sales-assist/contract';
import { z } from 'zod';
import type { GoogleAdsConfig } from './google-ads-config';
import { type AccessTokenSource, createAccessTokenSource } from './google-ads-oauth';
import { createPacer, type Pacer } from './pacing';
import {
  type KeywordIdeasQuery,
  KeywordMetricsError,
  type KeywordMetricsProvider,
  type ProviderKeyword,
} from './types';

/**
 * The Google Ads API keyword ideas service over REST (KeywordPlanIdeaService.GenerateKeywordIdeas: POST
 * {base}/{version}/customers/{id}:generateKeywordIdeas) with plain fetch and zod. The npm client
 * (google-ads-api) speaks gRPC with generated protobufs for the whole API; one JSON method does not need it
 * (docs/decisions/content-writing.md, "Keyword research").
 */

/** Google's keyword seed takes at most 20 keywords. */
export const KEYWORD_SEED_MAX = 20;
const PAGE_SIZE_MAX = 1000;
const PAGES_MAX = 5;

/** proto3 JSON writes int64 as a string. */
const ZInt64 = z.union([z.string().regex(/^-?\d+$/), z.number()]).transform(Number);

const ZIdeaMetrics = z
  .object({
    avgMonthlySearches: ZInt64.optional(),
    competition: z.string().optional(),
    competitionIndex: ZInt64.optional(),
    lowTopOfPageBidMicros: ZInt64.optional(),
    highTopOfPageBidMicros: ZInt64.optional(),
  })
  .loose();

const ZIdeasAnswer = z
  .object({
    results: z
      .array(z.object({ text: z.string().min(1), keywordIdeaMetrics: ZIdeaMetrics.optional() }).loose())
      .default([]),
    nextPageToken: z.string().optional(),
    totalSize: ZInt64.optional(),
  })
  .loose();

const ZGoogleError = z
  .object({
    error: z
      .object({
        code: z.number().optional(),
        message: z.string().optional(),
        status: z.string().optional(),
        details: z
          .array(
            z
              .object({
                errors: z
                  .array(
                    z
                      .object({
                        errorCode: z.record(z.string(), z.unknown()).optional(),
                        message: z.string().optional(),
                      })
                      .loose(),
                  )
                  .optional(),
                requestId: z.string().optional(),
              })
              .loose(),
          )
          .optional(),
      })
      .loose(),
  })
  .loose();

const COMPETITION: Record<string, TKeywordMetrics['competition']> = {
  LOW: 'low',
  MEDIUM: 'medium',
  HIGH: 'high',
};

const units = (micros: number | undefined): number | null =>
  micros === undefined || !Number.isFinite(micros) ? null : Math.round(micros / 10_000) / 100;

export const metricsOf = (metrics: z.infer<typeof ZIdeaMetrics> | undefined): TKeywordMetrics => ({
  avg_monthly_searches: metrics?.avgMonthlySearches ?? null,
  competition: COMPETITION[metrics?.competition ?? ''] ?? null,
  competition_index: metrics?.competitionIndex ?? null,
  low_top_of_page_bid: units(metrics?.lowTopOfPageBidMicros),
  high_top_of_page_bid: units(metrics?.highTopOfPageBidMicros),
  provider: 'google_ads',
});

type GoogleFailure = { status: string; code: string | null; message: string; requestId: string | null };

const failureOf = async (response: Response): Promise<GoogleFailure> => {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ZGoogleError.safeParse(body);
  const error = parsed.success ? parsed.data.error : undefined;
  const detail = error?.details?.find((item) => item.errors?.length);
  const first = detail?.errors?.[0];
  const code = first?.errorCode ? (Object.values(first.errorCode).map(String)[0] ?? null) : null;
  return {
    status: error?.status ?? `HTTP ${response.status}`,
    code,
    message: (first?.message ?? error?.message ?? '').replace(/\s+/g, ' ').slice(0, 240),
    requestId: error?.details?.find((item) => item.requestId)?.requestId ?? null,
  };
};

/** The user-facing error of a refused call; `secrets` are cut out of anything Google echoed. */
const errorOf = (
  httpStatus: number,
  failure: GoogleFailure,
  redact: (text: string) => string,
): KeywordMetricsError => {
  const what = redact(failure.code ? `${failure.status}: ${failure.code}` : failure.status);
  const said = failure.message ? ` ${redact(failure.message)}` : '';
  if (httpStatus === 429 || failure.status === 'RESOURCE_EXHAUSTED') {
    return new KeywordMetricsError(
      'rate_limited',
      'Google Ads is limiting keyword requests right now (its keyword planning quota): try again in a minute.',
      failure.requestId,
    );
  }
  if (httpStatus === 401) {
    return new KeywordMetricsError(
      'auth_failed',
      `Google Ads did not accept the sign-in (${what}): check the OAuth client and refresh token.`,
      failure.requestId,
    );
  }
  if (httpStatus === 403) {
    return new KeywordMetricsError(
      'permission_denied',
      `Google Ads refused access (${what}): check that the developer token is approved and that the login customer id manages the customer id.${said}`,
      failure.requestId,
    );
  }
  if (httpStatus >= 500) {
    return new KeywordMetricsError(
      'unavailable',
      `Google Ads is unavailable right now (HTTP ${httpStatus}): try again later.`,
      failure.requestId,
    );
  }
  return new KeywordMetricsError(
    'bad_request',
    `Google Ads refused the request (${what}).${said}`,
    failure.requestId,
  );
};

export type GoogleAdsKeywordIdeasOptions = {
  /** Tests: their own clock for the token's expiry and the pacing. */
  now?: () => number;
  tokens?: AccessTokenSource;
  pacer?: Pacer;
};

export const createGoogleAdsKeywordIdeas = (
  config: GoogleAdsConfig,
  options: GoogleAdsKeywordIdeasOptions = {},
): KeywordMetricsProvider => {
  const now = options.now ?? Date.now;
  const tokens = options.tokens ?? createAccessTokenSource(config, now);
  const pacer = options.pacer ?? createPacer(config.minIntervalMs, now);
  const endpoint = `${config.apiBaseUrl}/${config.apiVersion}/customers/${config.customerId}:generateKeywordIdeas`;
  const secrets = [config.developerToken, config.clientSecret, config.refreshToken].filter(
    (s) => s.length >= 4,
  );
  const redact = (text: string): string =>
    secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);

  const post = async (body: object, signal: AbortSignal | undefined, retried = false): Promise<unknown> => {
    const token = await tokens.token(signal);
    await pacer.turn(signal);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'developer-token': config.developerToken,
          ...(config.loginCustomerId ? { 'login-customer-id': config.loginCustomerId } : {}),
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs), ...(signal ? [signal] : [])]),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new KeywordMetricsError(
        timedOut ? 'timeout' : 'unavailable',
        timedOut
          ? `Google Ads did not answer within ${Math.round(config.timeoutMs / 1000)} seconds: try again later.`
          : 'Google Ads could not be reached: try again later.',
      );
    }
    if (response.status === 401 && !retried) {
      // An access token Google no longer takes (revoked, clock skew): one fresh token, one more try.
      await response.body?.cancel();
      tokens.forget(token);
      return post(body, signal, true);
    }
    if (!response.ok) throw errorOf(response.status, await failureOf(response), redact);
    return response.json().catch(() => {
      throw new KeywordMetricsError('bad_answer', 'Google Ads gave an answer that is not JSON.');
    });
  };

  return {
    name: 'google_ads',
    keywordIdeas: async (query: KeywordIdeasQuery): Promise<ProviderKeyword[]> => {
      const keywords = [...new Set(query.keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))].slice(
        0,
        KEYWORD_SEED_MAX,
      );
      if (keywords.length === 0 && !query.url) return [];
      const seed =
        keywords.length > 0 && query.url
          ? { keywordAndUrlSeed: { url: query.url, keywords } }
          : keywords.length > 0
            ? { keywordSeed: { keywords } }
            : { urlSeed: { url: query.url } };
      const limit = Math.max(1, query.limit);
      const found = new Map<string, ProviderKeyword>();
      let pageToken: string | undefined;
      for (let page = 0; page < PAGES_MAX && found.size < limit; page += 1) {
        const raw = await post(
          {
            language: config.language,
            geoTargetConstants: config.geoTargets,
            keywordPlanNetwork: 'GOOGLE_SEARCH',
            includeAdultKeywords: false,
            pageSize: Math.min(PAGE_SIZE_MAX, limit),
            ...(pageToken ? { pageToken } : {}),
            ...seed,
          },
          query.signal,
        );
        const answer = ZIdeasAnswer.safeParse(raw);
        if (!answer.success) {
          throw new KeywordMetricsError(
            'bad_answer',
            'Google Ads gave keyword ideas in a shape this app does not know.',
          );
        }
        for (const result of answer.data.results) {
          const text = result.text.trim().toLowerCase();
          if (!found.has(text) && found.size < limit) {
            found.set(text, { text, metrics: metricsOf(result.keywordIdeaMetrics) });
          }
        }
        pageToken = answer.data.nextPageToken || undefined;
        if (!pageToken) break;
      }
      return [...found.values()];
    },
  };
};
