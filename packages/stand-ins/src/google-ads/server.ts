import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody, sendJson } from '../http';
import {
  STAND_IN_GOOGLE_ADS,
  type StandInCredentials,
  standInIdeasFor,
  standInMetrics,
} from './keyword-ideas';
import type { GoogleAdsStandIn, IdeasFailure, Recorded } from './types';

/**
 * A local stand-in of the Google Ads API's keyword ideas service over REST and of Google's OAuth token
 * endpoint, for tests (no network):
 * - POST /token (form: grant_type=refresh_token, client_id, client_secret, refresh_token) answers
 *   { access_token, expires_in, token_type } or { error: 'invalid_grant' | 'invalid_client' } (400/401).
 * - POST /{version}/customers/{id}:generateKeywordIdeas checks the bearer token, developer-token and
 *   login-customer-id headers and the body (language, geo targets ≤ 10, network, one seed of ≤ 20
 *   keywords), and answers GenerateKeywordIdeaResponse as proto3 JSON (int64 as strings), paged by
 *   pageSize / pageToken. Errors come in Google's shape (error.status, details[].errors[].errorCode).
 * Metrics are derived from each keyword's letters, so a test knows them without a table.
 */

const send = (response: ServerResponse, status: number, body: unknown): void =>
  sendJson(response, status, body, { 'content-type': 'application/json; charset=utf-8' });

const googleError = (
  response: ServerResponse,
  code: number,
  status: string,
  errorCode: Record<string, string> | null,
  message: string,
): void =>
  send(response, code, {
    error: {
      code,
      message: errorCode ? 'Request contains an invalid argument.' : message,
      status,
      ...(errorCode
        ? {
            details: [
              {
                '@type': 'type.googleapis.com/google.ads.googleads.v21.errors.GoogleAdsFailure',
                errors: [{ errorCode, message }],
                requestId: 'stand-in-request-id',
              },
            ],
          }
        : {}),
    },
  });

export const startGoogleAdsStandIn = async (
  credentials: StandInCredentials = STAND_IN_GOOGLE_ADS,
): Promise<GoogleAdsStandIn> => {
  const ideasCalls: Recorded[] = [];
  const tokenCalls: Recorded[] = [];
  const failures: IdeasFailure[] = [];
  let refuse = false;
  let lifetime = 3599;
  let maxPageSize: number | null = null;
  let issued = 0;
  const valid = new Set<string>();
  let last: string | null = null;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const raw = (await readBody(request)).toString('utf8');
    const headers = {
      authorization: request.headers.authorization,
      'developer-token': request.headers['developer-token'] as string | undefined,
      'login-customer-id': request.headers['login-customer-id'] as string | undefined,
      'content-type': request.headers['content-type'],
    };
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      tokenCalls.push({ path: url.pathname, headers, body: form, at: Date.now() });
      if (form.client_id !== credentials.clientId || form.client_secret !== credentials.clientSecret) {
        return send(response, 401, {
          error: 'invalid_client',
          error_description: 'The OAuth client was not found.',
        });
      }
      if (form.grant_type !== 'refresh_token' || form.refresh_token !== credentials.refreshToken || refuse) {
        return send(response, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      }
      issued += 1;
      last = `ya29.stand-in-access-${issued}`;
      valid.add(last);
      return send(response, 200, {
        access_token: last,
        expires_in: lifetime,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/adwords',
      });
    }
    const match = /^\/(v\d+)\/customers\/(\d+):generateKeywordIdeas$/.exec(url.pathname);
    if (request.method !== 'POST' || !match)
      return send(response, 404, { error: { code: 404, status: 'NOT_FOUND', message: 'Not found' } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return googleError(response, 400, 'INVALID_ARGUMENT', null, 'Invalid JSON payload received.');
    }
    ideasCalls.push({ path: url.pathname, headers, body, at: Date.now() });
    const token = headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!valid.has(token)) {
      return googleError(
        response,
        401,
        'UNAUTHENTICATED',
        { authenticationError: 'OAUTH_TOKEN_INVALID' },
        'Oauth token is invalid.',
      );
    }
    if (headers['developer-token'] !== credentials.developerToken) {
      return googleError(
        response,
        401,
        'UNAUTHENTICATED',
        { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
        'The developer token is not valid.',
      );
    }
    if (
      match[2] !== credentials.customerId ||
      (headers['login-customer-id'] ?? null) !== credentials.loginCustomerId
    ) {
      return googleError(
        response,
        403,
        'PERMISSION_DENIED',
        { authorizationError: 'USER_PERMISSION_DENIED' },
        "User doesn't have permission to access customer.",
      );
    }
    const failure = failures.shift();
    if (failure === 'rate_limited') {
      return googleError(
        response,
        429,
        'RESOURCE_EXHAUSTED',
        { quotaError: 'RESOURCE_EXHAUSTED' },
        'Too many requests. Retry in 1 seconds.',
      );
    }
    if (failure === 'server_error')
      return googleError(response, 500, 'INTERNAL', null, 'Internal error encountered.');
    if (failure === 'unauthenticated') {
      valid.delete(token);
      return googleError(
        response,
        401,
        'UNAUTHENTICATED',
        { authenticationError: 'OAUTH_TOKEN_EXPIRED' },
        'Oauth token is expired.',
      );
    }
    if (failure === 'permission_denied') {
      return googleError(
        response,
        403,
        'PERMISSION_DENIED',
        { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' },
        'The developer token is only approved for use with test accounts.',
      );
    }
    if (failure === 'bad_request') {
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        { keywordPlanIdeaError: 'URL_CRAWL_ERROR' },
        'The URL could not be crawled.',
      );
    }
    // The request's shape, as Google checks it.
    const geo = body.geoTargetConstants;
    const keywords =
      (body.keywordSeed as { keywords?: string[] } | undefined)?.keywords ??
      (body.keywordAndUrlSeed as { keywords?: string[] } | undefined)?.keywords ??
      [];
    const url2 =
      (body.urlSeed as { url?: string } | undefined)?.url ??
      (body.keywordAndUrlSeed as { url?: string } | undefined)?.url;
    if (
      typeof body.language !== 'string' ||
      !/^languageConstants\/\d+$/.test(body.language) ||
      !Array.isArray(geo) ||
      geo.length > 10 ||
      body.keywordPlanNetwork !== 'GOOGLE_SEARCH' ||
      keywords.length > 20 ||
      (keywords.length === 0 && !url2)
    ) {
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        { requestError: 'INVALID_INPUT' },
        'The request is not valid.',
      );
    }
    const all = [
      ...new Set([
        ...keywords.flatMap(standInIdeasFor),
        ...(url2 ? [`${new URL(url2).hostname.split('.')[0]} services`] : []),
      ]),
    ];
    const pageSize = Math.min(Number(body.pageSize ?? 10_000), 10_000, maxPageSize ?? 10_000);
    const start = Number(body.pageToken ?? 0);
    const page = all.slice(start, start + pageSize);
    const next = start + pageSize < all.length ? String(start + pageSize) : undefined;
    return send(response, 200, {
      results: page.map((text) => ({
        text,
        keywordIdeaMetrics: { ...standInMetrics(text), monthlySearchVolumes: [] },
        keywordAnnotations: {},
      })),
      ...(next ? { nextPageToken: next } : {}),
      totalSize: String(all.length),
      aggregateMetricResults: {},
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ideasCalls,
    tokenCalls,
    failNext: (...next) => failures.push(...next),
    refuseRefreshToken: (value) => {
      refuse = value;
    },
    expireAccessToken: () => {
      if (last) valid.delete(last);
    },
    setTokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    setMaxPageSize: (size) => {
      maxPageSize = size;
    },
    close: () => closeServer(server),
  };
};
