import {
  type GoogleAdsStandIn,
  STAND_IN_GOOGLE_ADS,
  standInGoogleAdsEnv,
  standInMetrics,
  startGoogleAdsStandIn,
} from '@sales-assist/stand-ins/google-ads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { googleAdsConfigOf } from '../src/lib/clients/keyword-ideas/google-ads-config';
import { createGoogleAdsKeywordIdeas } from '../src/lib/clients/keyword-ideas/google-ads-keyword-ideas';
import { KeywordMetricsError } from '../src/lib/clients/keyword-ideas/types';

let standIn: GoogleAdsStandIn;

beforeAll(async () => {
  standIn = await startGoogleAdsStandIn();
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.ideasCalls.length = 0;
  standIn.tokenCalls.length = 0;
  standIn.refuseRefreshToken(false);
  standIn.setTokenLifetime(3599);
});

const configFor = (extra: Record<string, string> = {}) => {
  const result = googleAdsConfigOf({
    ...standInGoogleAdsEnv(standIn),
    GOOGLE_ADS_MIN_INTERVAL_MS: '0',
    ...extra,
  });
  if (!result.ok || !result.config) throw new Error(`bad config: ${JSON.stringify(result)}`);
  return result.config;
};

const failureOf = async (promise: Promise<unknown>): Promise<KeywordMetricsError> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(KeywordMetricsError);
  return error as KeywordMetricsError;
};

const SECRETS = [
  STAND_IN_GOOGLE_ADS.clientSecret,
  STAND_IN_GOOGLE_ADS.refreshToken,
  STAND_IN_GOOGLE_ADS.developerToken,
];

describe('Google Ads configuration', () => {
  it('is off without any credential, on with all five, and names the missing ones otherwise', () => {
    expect(googleAdsConfigOf({})).toEqual({ ok: true, config: null });
    const config = configFor();
    expect(config.customerId).toBe('1234567890');
    expect(config.apiVersion).toBe('v21');
    expect(config.geoTargets).toEqual(['geoTargetConstants/2840']);
    const partial = googleAdsConfigOf({
      GOOGLE_ADS_DEVELOPER_TOKEN: STAND_IN_GOOGLE_ADS.developerToken,
      GOOGLE_ADS_CLIENT_SECRET: STAND_IN_GOOGLE_ADS.clientSecret,
    });
    expect(partial.ok).toBe(false);
    const problems = partial.ok ? '' : partial.problems.join('\n');
    expect(problems).toContain('GOOGLE_ADS_CUSTOMER_ID, GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_REFRESH_TOKEN');
    for (const secret of SECRETS) expect(problems).not.toContain(secret);
    const badId = googleAdsConfigOf({ ...standInGoogleAdsEnv(standIn), GOOGLE_ADS_CUSTOMER_ID: '12-34' });
    expect(badId.ok).toBe(false);
    expect(
      googleAdsConfigOf({ ...standInGoogleAdsEnv(standIn), GOOGLE_ADS_API_VERSION: '22' }),
    ).toMatchObject({
      ok: true,
      config: { apiVersion: 'v22' },
    });
  });
});

describe('Google Ads keyword ideas client', () => {
  it('sends the REST method with the OAuth token, developer token and login customer id, and reads the metrics', async () => {
    const provider = createGoogleAdsKeywordIdeas(configFor());
    const ideas = await provider.keywordIdeas({ keywords: ['Bookkeeping', 'payroll'], limit: 100 });

    expect(standIn.tokenCalls).toHaveLength(1);
    expect(standIn.tokenCalls[0]?.body).toEqual({
      grant_type: 'refresh_token',
      client_id: STAND_IN_GOOGLE_ADS.clientId,
      client_secret: STAND_IN_GOOGLE_ADS.clientSecret,
      refresh_token: STAND_IN_GOOGLE_ADS.refreshToken,
    });
    expect(standIn.ideasCalls).toHaveLength(1);
    const call = standIn.ideasCalls[0];
    expect(call?.path).toBe('/v21/customers/1234567890:generateKeywordIdeas');
    expect(call?.headers).toMatchObject({
      authorization: 'Bearer ya29.stand-in-access-1',
      'developer-token': STAND_IN_GOOGLE_ADS.developerToken,
      'login-customer-id': '9876543210',
      'content-type': 'application/json',
    });
    expect(call?.body).toEqual({
      language: 'languageConstants/1000',
      geoTargetConstants: ['geoTargetConstants/2840'],
      keywordPlanNetwork: 'GOOGLE_SEARCH',
      includeAdultKeywords: false,
      pageSize: 100,
      keywordSeed: { keywords: ['bookkeeping', 'payroll'] },
    });
    expect(ideas.map((idea) => idea.text)).toContain('best payroll');
    const bookkeeping = ideas.find((idea) => idea.text === 'bookkeeping');
    const expected = standInMetrics('bookkeeping');
    expect(bookkeeping?.metrics).toEqual({
      avg_monthly_searches: Number(expected.avgMonthlySearches),
      competition: expected.competition.toLowerCase(),
      competition_index: Number(expected.competitionIndex),
      low_top_of_page_bid: Number(expected.lowTopOfPageBidMicros) / 1_000_000,
      high_top_of_page_bid: Number(expected.highTopOfPageBidMicros) / 1_000_000,
      provider: 'google_ads',
    });
  });

  it('seeds with keywords and a URL together, and with at most 20 keywords', async () => {
    const provider = createGoogleAdsKeywordIdeas(configFor());
    const many = Array.from({ length: 25 }, (_, i) => `seed term ${i}`);
    await provider.keywordIdeas({ keywords: many, url: 'https://acme.example/services', limit: 10 });
    const body = standIn.ideasCalls[0]?.body;
    expect(body?.keywordAndUrlSeed).toEqual({
      url: 'https://acme.example/services',
      keywords: many.slice(0, 20),
    });
    expect(body?.keywordSeed).toBeUndefined();
  });

  it('follows nextPageToken until it has the ideas asked for', async () => {
    const provider = createGoogleAdsKeywordIdeas(configFor());
    // 3 seeds × 5 ideas = 15 at the stand-in; pages of 6.
    const ideas = await provider.keywordIdeas({ keywords: ['alpha', 'beta', 'gamma'], limit: 6 });
    expect(ideas).toHaveLength(6);
    expect(standIn.ideasCalls).toHaveLength(1);

    standIn.ideasCalls.length = 0;
    standIn.setMaxPageSize(4);
    const paged = createGoogleAdsKeywordIdeas(configFor());
    const all = await paged.keywordIdeas({ keywords: ['alpha', 'beta', 'gamma'], limit: 10 });
    standIn.setMaxPageSize(null);
    expect(all).toHaveLength(10);
    expect(standIn.ideasCalls.map((call) => call.body.pageToken)).toEqual([undefined, '4', '8']);
    expect(standIn.ideasCalls.every((call) => call.body.pageSize === 10)).toBe(true);
    expect(new Set(all.map((idea) => idea.text)).size).toBe(10);
  });

  it('spaces its calls at least the minimum interval apart (1 per second by default)', async () => {
    const provider = createGoogleAdsKeywordIdeas(configFor({ GOOGLE_ADS_MIN_INTERVAL_MS: '300' }));
    await Promise.all([
      provider.keywordIdeas({ keywords: ['one'], limit: 5 }),
      provider.keywordIdeas({ keywords: ['two'], limit: 5 }),
      provider.keywordIdeas({ keywords: ['three'], limit: 5 }),
    ]);
    const times = standIn.ideasCalls.map((call) => call.at);
    expect(times).toHaveLength(3);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(280);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(280);
    // One token for all three.
    expect(standIn.tokenCalls).toHaveLength(1);
    expect(configFor({}).minIntervalMs).toBe(0);
    expect(googleAdsConfigOf(standInGoogleAdsEnv(standIn))).toMatchObject({
      config: { minIntervalMs: 1000 },
    });
  });

  it('keeps its access token until it is about to expire, then refreshes it', async () => {
    let clock = 1_000_000;
    const provider = createGoogleAdsKeywordIdeas(configFor(), { now: () => clock });
    await provider.keywordIdeas({ keywords: ['one'], limit: 5 });
    clock += 30 * 60_000;
    await provider.keywordIdeas({ keywords: ['two'], limit: 5 });
    expect(standIn.tokenCalls).toHaveLength(1);
    clock += 30 * 60_000;
    await provider.keywordIdeas({ keywords: ['three'], limit: 5 });
    expect(standIn.tokenCalls).toHaveLength(2);
    expect(standIn.ideasCalls.at(-1)?.headers.authorization).toMatch(/^Bearer ya29\.stand-in-access-\d+$/);
  });

  it('takes a fresh token once when Google refuses the current one (401), then succeeds', async () => {
    const provider = createGoogleAdsKeywordIdeas(configFor());
    await provider.keywordIdeas({ keywords: ['one'], limit: 5 });
    standIn.expireAccessToken();
    const ideas = await provider.keywordIdeas({ keywords: ['two'], limit: 5 });
    expect(ideas.length).toBeGreaterThan(0);
    expect(standIn.tokenCalls).toHaveLength(2);
    expect(standIn.ideasCalls).toHaveLength(3);
  });

  it('maps 429 RESOURCE_EXHAUSTED, 500, 403 and 400 to clear messages without secrets', async () => {
    const provider = createGoogleAdsKeywordIdeas(configFor());
    standIn.failNext('rate_limited');
    const limited = await failureOf(provider.keywordIdeas({ keywords: ['one'], limit: 5 }));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.message).toMatch(/limiting keyword requests.*try again in a minute/);
    expect(limited.requestId).toBe('stand-in-request-id');

    standIn.failNext('server_error');
    const down = await failureOf(provider.keywordIdeas({ keywords: ['one'], limit: 5 }));
    expect(down.kind).toBe('unavailable');
    expect(down.message).toContain('HTTP 500');

    standIn.failNext('permission_denied');
    const denied = await failureOf(provider.keywordIdeas({ keywords: ['one'], limit: 5 }));
    expect(denied.kind).toBe('permission_denied');
    expect(denied.message).toContain('DEVELOPER_TOKEN_NOT_APPROVED');

    standIn.failNext('bad_request');
    const refused = await failureOf(
      provider.keywordIdeas({ keywords: ['one'], url: 'https://x.example', limit: 5 }),
    );
    expect(refused.kind).toBe('bad_request');
    expect(refused.message).toContain('URL_CRAWL_ERROR');

    for (const error of [limited, down, denied, refused]) {
      for (const secret of [...SECRETS, 'ya29.']) expect(error.message).not.toContain(secret);
    }
  });

  it('says plainly when the refresh token is refused, or the customer is not reachable through the manager', async () => {
    standIn.refuseRefreshToken(true);
    const provider = createGoogleAdsKeywordIdeas(configFor());
    const refused = await failureOf(provider.keywordIdeas({ keywords: ['one'], limit: 5 }));
    expect(refused.kind).toBe('auth_failed');
    expect(refused.message).toContain('invalid_grant');
    // The user reads it under their ideas: plain words, no server setting's name.
    expect(refused.message).toContain("ask your administrator to check the server's Google Ads credentials");
    expect(refused.message).not.toMatch(/[A-Z]{2,}_[A-Z_]+/);
    for (const secret of SECRETS) expect(refused.message).not.toContain(secret);
    expect(standIn.ideasCalls).toHaveLength(0);

    standIn.refuseRefreshToken(false);
    const wrongManager = createGoogleAdsKeywordIdeas(
      configFor({ GOOGLE_ADS_LOGIN_CUSTOMER_ID: '1111111111' }),
    );
    const denied = await failureOf(wrongManager.keywordIdeas({ keywords: ['one'], limit: 5 }));
    expect(denied.kind).toBe('permission_denied');
    expect(denied.message).toContain('USER_PERMISSION_DENIED');
  });

  it('reports an unreachable service as such', async () => {
    const provider = createGoogleAdsKeywordIdeas(
      configFor({
        GOOGLE_ADS_API_BASE_URL: 'http://127.0.0.1:9',
        GOOGLE_ADS_OAUTH_TOKEN_URL: `${standIn.url}/token`,
      }),
    );
    const error = await failureOf(provider.keywordIdeas({ keywords: ['one'], limit: 5 }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Google Ads could not be reached: try again later.');
  });
});
