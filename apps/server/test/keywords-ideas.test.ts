import {
  KEYWORD_INTENTS,
  KEYWORD_MESSAGES,
  type TKeywordIdea,
  type TKeywordIdeasResponse,
} from '@sales-assist/contract';
import {
  type GoogleAdsStandIn,
  STAND_IN_GOOGLE_ADS,
  standInGoogleAdsEnv,
  standInMetrics,
  startGoogleAdsStandIn,
} from '@sales-assist/stand-ins/google-ads';
import { type LlmStandIn, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../src/db/schema';
import type { SafeFetch } from '../src/lib/security/safe-fetch';
import { withWebsite } from './support/blog-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/** Keyword ideas over HTTP: offline (no provider), with the LLM stand-in, and with the Google Ads stand-in. */

const PAGE = `<!doctype html><html><head><title>Acme Books — bookkeeping for freelancers</title>
<meta name="description" content="Monthly bookkeeping and tax filing for freelancers and small agencies."></head>
<body><h1>Bookkeeping for freelancers</h1><h2>Quarterly tax filing</h2><h2>Expense tracking app</h2>
<p>We do your bookkeeping every month. Expense tracking and quarterly tax filing included. Expense tracking from your phone.</p></body></html>`;

const pageFetch: SafeFetch = async (url) => {
  if (url.includes('10.0.0.1')) {
    const { UnsafeUrlError } = await import('../src/lib/security/safe-fetch');
    throw new UnsafeUrlError('it points to a private network address');
  }
  return { finalUrl: url, status: 200, contentType: 'text/html; charset=utf-8', body: PAGE };
};

const ideasOf = (answer: TKeywordIdeasResponse): TKeywordIdea[] =>
  answer.themes.flatMap((theme) => theme.ideas);

const withProfile = async (h: Harness, user: SeededUser) => {
  await withWebsite(h, user.user.id, 'https://acme-books.example');
  await h.deps.db.insert(websites).values({
    userId: user.user.id,
    url: 'https://acme-books.example',
    finalUrl: 'https://acme-books.example/',
    name: 'Acme Books',
    company: 'Acme Books',
    offer: 'bookkeeping for freelancers',
    audience: 'freelancers',
    tone: 'Friendly, Approachable',
    keyPhrases: ['bookkeeping', 'tax filing', 'expense tracking'],
    readableText:
      'Acme Books does bookkeeping for freelancers. Tax filing every quarter and expense tracking from your phone.',
  });
};

describe('keyword ideas without a metrics provider (offline writer)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ engine: false, deps: { safeFetch: pageFetch } });
  });
  afterAll(() => h.close());

  it('groups ideas by theme with an intent and our relevance, and shows no metrics', async () => {
    const user = await seedUser(h);
    await withProfile(h, user);
    const response = await h.call('POST', '/api/keywords/ideas', {
      token: user.accessToken,
      body: { seed_terms: ['freelance bookkeeping'], topic: '', count: 30 },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as TKeywordIdeasResponse;
    expect(answer.writer).toBe('offline');
    expect(answer.metrics).toEqual({ provider: null, note: KEYWORD_MESSAGES.noProvider });
    const ideas = ideasOf(answer);
    expect(ideas.length).toBeGreaterThanOrEqual(10);
    expect(ideas.length).toBeLessThanOrEqual(30);
    expect(ideas.every((idea) => idea.metrics === null)).toBe(true);
    expect(ideas.every((idea) => KEYWORD_INTENTS.includes(idea.intent))).toBe(true);
    expect(new Set(ideas.map((idea) => idea.intent)).size).toBeGreaterThanOrEqual(3);
    // The seed is an idea of its own and leads its theme; the brand's key phrases are themes too.
    // Our relevance: the seed scores high, but how much the site speaks of it decides the rest.
    expect(ideas.find((idea) => idea.text === 'freelance bookkeeping')).toMatchObject({ source: 'seed' });
    expect(ideas.find((idea) => idea.text === 'freelance bookkeeping')?.relevance).toBeGreaterThanOrEqual(85);
    expect(new Set(ideas.map((idea) => idea.relevance)).size).toBeGreaterThan(2);
    expect(answer.themes.map((theme) => theme.theme)).toEqual(
      expect.arrayContaining(['freelance bookkeeping', 'tax filing']),
    );
    expect(ideas.find((idea) => idea.text === 'acme books')?.intent).toBe('navigational');
    expect(ideas.find((idea) => idea.text.endsWith('pricing'))?.intent).toBe('transactional');
    // No figure anywhere that the user did not give.
    expect(JSON.stringify(ideas.map((idea) => idea.text))).not.toMatch(/\d/);
    // Themes are ordered by their best idea, ideas in a theme by intent then relevance.
    for (const theme of answer.themes) {
      const order = theme.ideas.map((idea) => KEYWORD_INTENTS.indexOf(idea.intent));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('reads a page of the site for ideas, and refuses an unsafe address in words', async () => {
    const user = await seedUser(h);
    const response = await h.call('POST', '/api/keywords/ideas', {
      token: user.accessToken,
      body: { url: 'https://acme-books.example/services', count: 20 },
    });
    expect(response.statusCode).toBe(200);
    const texts = ideasOf(response.json()).map((idea) => idea.text);
    expect(texts).toEqual(expect.arrayContaining(['expense tracking']));
    expect(ideasOf(response.json()).find((idea) => idea.text === 'expense tracking')?.source).toBe('site');
    const unsafe = await h.call('POST', '/api/keywords/ideas', {
      token: user.accessToken,
      body: { url: 'http://10.0.0.1/admin' },
    });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json()).toEqual({
      error: 'unsafe_url',
      message: 'We cannot read http://10.0.0.1/admin: it points to a private network address.',
    });
  });

  it('refuses bad input with clear 400s', async () => {
    const user = await seedUser(h);
    const call = (body: object) => h.call('POST', '/api/keywords/ideas', { token: user.accessToken, body });
    const nothing = await call({});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({
      error: 'nothing_to_start_from',
      message: KEYWORD_MESSAGES.nothingToStartFrom,
    });
    expect(
      (await call({ seed_terms: Array.from({ length: 11 }, (_, i) => `seed ${i}`) })).json().message,
    ).toBe(KEYWORD_MESSAGES.tooManySeeds);
    expect((await call({ seed_terms: ['x'.repeat(81)] })).json().message).toBe(KEYWORD_MESSAGES.seedTooLong);
    expect((await call({ seed_terms: ['  '] })).json().message).toBe(KEYWORD_MESSAGES.seedEmpty);
    expect((await call({ seed_terms: ['crm'], url: 'ftp://x.example' })).json().message).toBe(
      KEYWORD_MESSAGES.urlInvalid,
    );
    expect((await call({ seed_terms: ['crm'], count: 500 })).statusCode).toBe(400);
    expect((await call({ seed_terms: ['crm'], topic: 't'.repeat(201) })).json().message).toBe(
      KEYWORD_MESSAGES.topicTooLong,
    );
    const anonymous = await h.call('POST', '/api/keywords/ideas', { body: { seed_terms: ['crm'] } });
    expect(anonymous.statusCode).toBe(401);
    const provider = await h.call('GET', '/api/keywords/metrics-provider', { token: user.accessToken });
    expect(provider.json()).toEqual({ provider: null, note: KEYWORD_MESSAGES.noProvider });
  });
});

describe('keyword ideas from the model, with metrics from the Google Ads stand-in', () => {
  let h: Harness;
  let llm: LlmStandIn;
  let ads: GoogleAdsStandIn;
  const logLines: string[] = [];
  beforeAll(async () => {
    llm = await startLlmStandIn();
    ads = await startGoogleAdsStandIn();
    h = await startHarness({
      engine: false,
      logSink: (line) => logLines.push(line),
      env: {
        LLM_BASE_URL: `${llm.url}/v1`,
        LLM_API_KEY: 'test-key',
        ...standInGoogleAdsEnv(ads),
        GOOGLE_ADS_MIN_INTERVAL_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await ads.close();
    await llm.close();
  });

  it('applies the word cues over the model label, keeps the seeds, and adds Google metrics', async () => {
    const user = await seedUser(h);
    await withProfile(h, user);
    const response = await h.call('POST', '/api/keywords/ideas', {
      token: user.accessToken,
      body: { seed_terms: ['bookkeeping'], count: 10 },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as TKeywordIdeasResponse;
    expect(answer.writer).toBe('llm');
    expect(answer.metrics).toEqual({ provider: 'google_ads', note: null });
    const ideas = ideasOf(answer);
    const byText = new Map(ideas.map((idea) => [idea.text, idea]));
    // The model called "bookkeeping pricing" informational: "pricing" makes it transactional.
    expect(byText.get('bookkeeping pricing')?.intent).toBe('transactional');
    expect(byText.get('what is bookkeeping')?.intent).toBe('informational');
    // No cue in it: the model's label stands ("Navigational" read leniently).
    expect(byText.get('stand-in planning checklist')?.intent).toBe('informational');
    expect(byText.get('stand-in keyword idea')).toMatchObject({
      intent: 'commercial',
      theme: 'stand-in theme',
    });
    // The seed itself, with Google's metrics.
    const seed = byText.get('bookkeeping');
    expect(seed?.source).toBe('seed');
    expect(seed?.metrics?.avg_monthly_searches).toBe(
      Number(standInMetrics('bookkeeping').avgMonthlySearches),
    );
    // Google's related ideas that are about the user's subjects join, labelled as Google's.
    expect(byText.get('best bookkeeping')).toMatchObject({ source: 'google_ads', intent: 'commercial' });
    expect(byText.get('best bookkeeping')?.metrics?.provider).toBe('google_ads');
    // Google was asked with the seeds first, through the manager account.
    const call = ads.ideasCalls.at(-1);
    expect((call?.body.keywordSeed as { keywords: string[] } | undefined)?.keywords[0]).toBe('bookkeeping');
    expect(call?.headers['login-customer-id']).toBe(STAND_IN_GOOGLE_ADS.loginCustomerId);
    // The model's request carried the keywords prompt's task, never a request for numbers.
    const prompt =
      llm.requests
        .at(-1)
        ?.body.messages?.map((m) => m.content)
        .join('\n') ?? '';
    expect(prompt).toContain('<task>keyword_ideas</task>');
    expect(prompt).toContain('No numbers about searches');
  });

  it('keeps the ideas without metrics, and says why, when Google refuses (429) or fails (500)', async () => {
    const user = await seedUser(h);
    await withProfile(h, user);
    for (const failure of ['rate_limited', 'server_error'] as const) {
      ads.failNext(failure);
      const response = await h.call('POST', '/api/keywords/ideas', {
        token: user.accessToken,
        body: { seed_terms: ['bookkeeping'], count: 10 },
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json() as TKeywordIdeasResponse;
      expect(ideasOf(answer).every((idea) => idea.metrics === null)).toBe(true);
      expect(answer.metrics.provider).toBe('google_ads');
      expect(answer.metrics.note).toMatch(
        failure === 'rate_limited'
          ? /could not be fetched: Google Ads is limiting/
          : /could not be fetched: Google Ads is unavailable right now \(HTTP 500\)/,
      );
      expect(answer.metrics.note).not.toContain(STAND_IN_GOOGLE_ADS.developerToken);
    }
    const provider = await h.call('GET', '/api/keywords/metrics-provider', { token: user.accessToken });
    expect(provider.json()).toEqual({ provider: 'google_ads', note: null });
    // The log names the failure and Google's request id, never a credential or token.
    const failures = logLines.filter((line) => line.includes('keyword metrics failed'));
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain('"kind":"rate_limited"');
    expect(failures[0]).toContain('stand-in-request-id');
    const log = logLines.join('\n');
    for (const secret of [
      STAND_IN_GOOGLE_ADS.developerToken,
      STAND_IN_GOOGLE_ADS.clientSecret,
      STAND_IN_GOOGLE_ADS.refreshToken,
      'ya29.',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
