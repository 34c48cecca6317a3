import {
  GOOGLE_AD_LIMITS,
  GOOGLE_AD_MESSAGES,
  GOOGLE_ADS_EDITOR_COLUMNS,
  googleAdProblems,
  KEYWORD_MESSAGES,
  PREMIUM_POPUP_TEXTS,
  type TGoogleAd,
} from '@sales-assist/contract';
import {
  type LlmStandIn,
  STAND_IN_SEARCH_AD,
  standInAdCandidates,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems, planUsage } from '../src/db/schema';
import { createSafeFetch, FetchFailedError, type SafeFetch } from '../src/lib/security/safe-fetch';
import { createOfflineContentWriter } from '../src/lib/writers/content-writer/offline';
import { setTier, withWebsite } from './support/blog-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const LANDING_URL = 'https://acme.example/scheduling';
const DOWN_URL = 'https://down.example/';
const PDF_URL = 'https://acme.example/brochure.pdf';
const LANDING_HTML = `<!doctype html><html lang="en"><head><title>Clinic Scheduling | Acme</title>
<meta name="description" content="Acme books patients into the right slot and sends reminders so chairs stay full."></head>
<body><h1>Online Booking for Dental Clinics</h1><h2>Fewer No-shows With Reminders</h2>
<p>Acme books patients into the right slot and sends reminders by text and email.</p>
<p>Plans from $49 a month, 30% off this week only.</p></body></html>`;

/** The landing page is served by a stand-in; any other address goes through the real SSRF-safe fetch. */
const realFetch = createSafeFetch({ allowlist: [] });
const fetched: string[] = [];
const fakeFetch: SafeFetch = async (url, options) => {
  fetched.push(url);
  if (url === DOWN_URL) throw new FetchFailedError('timeout', 'the site did not answer within 10 seconds');
  if (url === PDF_URL) {
    return { finalUrl: url, status: 200, contentType: 'application/pdf', body: '%PDF-1.7' };
  }
  if (url === LANDING_URL) {
    return { finalUrl: url, status: 200, contentType: 'text/html; charset=utf-8', body: LANDING_HTML };
  }
  return realFetch(url, options);
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false, deps: { safeFetch: fakeFetch } });
});
afterAll(() => h.close());
beforeEach(() => {
  fetched.length = 0;
});

const userOf = async (tier: 'Basic' | 'Premium'): Promise<SeededUser> => {
  const user = await seedUser(h);
  await withWebsite(h, user.user.id);
  await setTier(h, user.user.id, tier);
  return user;
};

const create = (user: SeededUser, body: Record<string, unknown>) =>
  h.call('POST', '/api/google-ads', { token: user.accessToken, body });

const createOk = async (user: SeededUser, body: Record<string, unknown> = {}): Promise<TGoogleAd> => {
  const answer = await create(user, {
    landing_url: LANDING_URL,
    keywords: ['dental clinic scheduling'],
    ...body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TGoogleAd;
};

/** A saved keyword list as the Keywords screen keeps it (a 'keywords' item whose data holds the keywords). */
const saveKeywordList = async (user: SeededUser, keywords: string[]): Promise<number> => {
  const [row] = await h.deps.db
    .insert(contentItems)
    .values({
      userId: user.user.id,
      kind: 'keywords',
      title: 'Clinic keywords',
      data: {
        name: 'Clinic keywords',
        keywords: keywords.map((text) => ({
          text,
          intent: 'commercial',
          theme: 'clinic',
          relevance: 80,
          metrics: null,
        })),
      },
      writer: 'offline',
    })
    .returning({ id: contentItems.id });
  if (!row) throw new Error('no list');
  return row.id;
};

const adCount = async (userId: string) =>
  (
    await h.deps.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.userId, userId), eq(contentItems.kind, 'google_ad')))
  ).length;

const unitsUsed = async (userId: string) =>
  (
    await h.deps.db
      .select({ used: planUsage.used })
      .from(planUsage)
      .where(and(eq(planUsage.userId, userId), eq(planUsage.metric, 'google_ads')))
  ).reduce((sum, row) => sum + row.used, 0);

const fieldsOf = (ad: TGoogleAd) => ({
  headlines: ad.headlines,
  descriptions: ad.descriptions,
  path1: ad.path1,
  path2: ad.path2,
});

const expectWithinLimits = (ad: Pick<TGoogleAd, 'headlines' | 'descriptions' | 'path1' | 'path2'>) => {
  expect(ad.headlines.length).toBeGreaterThanOrEqual(GOOGLE_AD_LIMITS.headline.min);
  expect(ad.headlines.length).toBeLessThanOrEqual(GOOGLE_AD_LIMITS.headline.max);
  expect(ad.descriptions.length).toBeGreaterThanOrEqual(GOOGLE_AD_LIMITS.description.min);
  expect(ad.descriptions.length).toBeLessThanOrEqual(GOOGLE_AD_LIMITS.description.max);
  expect(googleAdProblems(ad)).toEqual([]);
};

describe('creating an ad (offline writer)', () => {
  it('writes an ad within every limit from the landing page and keywords, and History lists it', async () => {
    const user = await userOf('Premium');
    const ad = await createOk(user, { keywords: ['dental clinic scheduling', 'patient reminders'] });
    expectWithinLimits(ad);
    expect(ad).toMatchObject({
      landing_url: LANDING_URL,
      display_domain: 'acme.example',
      keywords: ['dental clinic scheduling', 'patient reminders'],
      landing_page: { status: 'read', message: null },
      writer: 'offline',
      ad_group: 'dental clinic scheduling',
    });
    // The page's heading grounds a headline; its price and discount are never copied.
    expect(ad.headlines).toContain('Fewer No-shows With Reminders');
    for (const text of [...ad.headlines, ...ad.descriptions]) expect(text).not.toMatch(/\$|%|\d/);
    expect(await unitsUsed(user.user.id)).toBe(1);

    const history = await h.call('GET', '/api/history?kind=google_ad', { token: user.accessToken });
    expect(history.statusCode).toBe(200);
    expect(history.json().items).toEqual([
      expect.objectContaining({ id: ad.id, kind: 'google_ad', title: ad.headlines[0], writer: 'offline' }),
    ]);
  });

  it('takes the keywords of a saved list of the caller, after the typed ones', async () => {
    const user = await userOf('Premium');
    const listId = await saveKeywordList(user, [
      'Patient Reminders',
      'online booking',
      'dental clinic scheduling',
    ]);
    const ad = await createOk(user, { keywords: ['dental clinic scheduling'], keyword_list_id: listId });
    expect(ad.keywords).toEqual(['dental clinic scheduling', 'Patient Reminders', 'online booking']);
    expect(ad.keyword_list_id).toBe(listId);
    const fromListOnly = await createOk(user, { keywords: [], keyword_list_id: listId });
    expect(fromListOnly.keywords).toEqual([
      'Patient Reminders',
      'online booking',
      'dental clinic scheduling',
    ]);
  });

  it("another user's keyword list is not found, and nothing is counted", async () => {
    const owner = await userOf('Premium');
    const other = await userOf('Premium');
    const listId = await saveKeywordList(owner, ['online booking']);
    const answer = await create(other, { landing_url: LANDING_URL, keyword_list_id: listId });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'not_found', message: KEYWORD_MESSAGES.listNotFound });
    expect(await unitsUsed(other.user.id)).toBe(0);
    expect(await adCount(other.user.id)).toBe(0);
  });

  it('refuses no keywords and a landing URL that is not http(s)', async () => {
    const user = await userOf('Premium');
    const none = await create(user, { landing_url: LANDING_URL, keywords: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(GOOGLE_AD_MESSAGES.keywordsRequired);
    const ftp = await create(user, { landing_url: 'ftp://acme.example/', keywords: ['x'] });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().message).toBe(GOOGLE_AD_MESSAGES.landingUrlInvalid);
    const long = await create(user, { landing_url: LANDING_URL, keywords: ['k'.repeat(81)] });
    expect(long.statusCode).toBe(400);
    expect(await adCount(user.user.id)).toBe(0);
  });

  it('a private or unreachable landing page is not read, is reported, and the ad is written from the profile', async () => {
    const user = await userOf('Premium');
    const privateAd = await createOk(user, { landing_url: 'http://127.0.0.1:9/admin' });
    expect(privateAd.landing_page.status).toBe('unreadable');
    expect(privateAd.landing_page.message).toMatch(
      /^We could not read http:\/\/127\.0\.0\.1:9\/admin: .*loopback/,
    );
    expect(privateAd.landing_page.message).toMatch(/written from your brand profile/);
    expectWithinLimits(privateAd);
    const metadata = await createOk(user, { landing_url: 'http://169.254.169.254/latest/meta-data' });
    expect(metadata.landing_page.message).toMatch(/link-local/);
    const down = await createOk(user, { landing_url: DOWN_URL });
    expect(down.landing_page).toEqual({
      status: 'unreadable',
      message:
        'We could not read https://down.example/: the site did not answer within 10 seconds. The ad was written from your brand profile and keywords.',
    });
    expect(down.landing_url).toBe(DOWN_URL);
    const pdf = await createOk(user, { landing_url: PDF_URL });
    expect(pdf.landing_page.message).toMatch(/it is not a web page \(application\/pdf\)/);
    expect(await unitsUsed(user.user.id)).toBe(4);
  });

  it("without a landing URL the user's website is the final URL, and it is not fetched", async () => {
    const user = await userOf('Premium');
    const ad = await createOk(user, { landing_url: '' });
    expect(ad.landing_url).toBe('https://acme.example');
    expect(ad.landing_page).toEqual({ status: 'not_given', message: null });
    expect(fetched).toEqual([]);
  });
});

describe('google_ads_limit (spec §9: Basic 0, Premium 6)', () => {
  it('a Basic user gets the premium pop-up at once: nothing read, written or saved', async () => {
    const user = await userOf('Basic');
    const answer = await create(user, { landing_url: LANDING_URL, keywords: ['dental'] });
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({
      error: 'plan_limit_reached',
      message: PREMIUM_POPUP_TEXTS.Basic.message,
      title: PREMIUM_POPUP_TEXTS.Basic.title,
      metric: 'google_ads',
      limit: 0,
      used: 0,
    });
    expect(fetched).toEqual([]);
    expect(await adCount(user.user.id)).toBe(0);
    expect(await unitsUsed(user.user.id)).toBe(0);
  });

  it('a Premium user writes 6, then gets the pop-up (402) and no 7th is saved', async () => {
    const user = await userOf('Premium');
    for (let index = 0; index < 6; index += 1) await createOk(user, { keywords: [`keyword ${index}`] });
    fetched.length = 0;
    const over = await create(user, { landing_url: LANDING_URL, keywords: ['one too many'] });
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({
      message: PREMIUM_POPUP_TEXTS.Premium.message,
      metric: 'google_ads',
      limit: 6,
      used: 6,
    });
    expect(fetched).toEqual([]);
    expect(await adCount(user.user.id)).toBe(6);
    expect(await unitsUsed(user.user.id)).toBe(6);
    const usage = await h.call('GET', '/api/plan_usage', { token: user.accessToken });
    expect(usage.json().currentData.google_ads_limit).toBe(6);
  });

  it('two requests for the last unit: exactly one ad is saved', async () => {
    const user = await userOf('Premium');
    for (let index = 0; index < 5; index += 1) await createOk(user);
    const answers = await Promise.all([create(user, { keywords: ['a'] }), create(user, { keywords: ['b'] })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect(await adCount(user.user.id)).toBe(6);
    expect(await unitsUsed(user.user.id)).toBe(6);
  });
});

describe('reading, editing, regenerating, deleting and exporting', () => {
  let owner: SeededUser;
  let stranger: SeededUser;
  let ad: TGoogleAd;
  beforeAll(async () => {
    owner = await userOf('Premium');
    stranger = await userOf('Premium');
    ad = await createOk(owner, { keywords: ['dental clinic scheduling', 'patient reminders'] });
  });

  it('lists newest first, paged, and gets one', async () => {
    const second = await createOk(owner, { keywords: ['online booking'] });
    const page = await h.call('GET', '/api/google-ads?page=1&limit=1', { token: owner.accessToken });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 1, limit: 1, writer: 'offline' });
    expect(page.json().ads.map((item: TGoogleAd) => item.id)).toEqual([second.id]);
    const next = await h.call('GET', '/api/google-ads?page=2&limit=1', { token: owner.accessToken });
    expect(next.json().ads.map((item: TGoogleAd) => item.id)).toEqual([ad.id]);
    const one = await h.call('GET', `/api/google-ads/${ad.id}`, { token: owner.accessToken });
    expect(one.json()).toEqual(ad);
  });

  it("another user's ad is not found for every call", async () => {
    const token = stranger.accessToken;
    const calls = [
      await h.call('GET', `/api/google-ads/${ad.id}`, { token }),
      await h.call('PUT', `/api/google-ads/${ad.id}`, { token, body: fieldsOf(ad) }),
      await h.call('POST', `/api/google-ads/${ad.id}/regenerate`, {
        token,
        body: { field: 'headline', index: 0 },
      }),
      await h.call('GET', `/api/google-ads/${ad.id}/csv`, { token }),
      await h.call('DELETE', `/api/google-ads/${ad.id}`, { token }),
    ];
    for (const answer of calls) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'not_found', message: GOOGLE_AD_MESSAGES.adNotFound });
    }
    const list = await h.call('GET', '/api/google-ads', { token });
    expect(list.json().ads).toEqual([]);
  });

  it.each([
    [
      'a headline over 30',
      { headlines: ['One', 'Two', 'x'.repeat(34)] },
      'Headline 3 is 34 characters; at most 30',
    ],
    [
      'a description over 90',
      { descriptions: ['Fine.', 'y'.repeat(91)] },
      'Description 2 is 91 characters; at most 90',
    ],
    ['a path over 15', { path1: 'a-very-long-path-here' }, 'Path 1 is 21 characters; at most 15'],
    ['a path with a space', { path1: 'two words' }, 'Path 1 may hold only letters, digits and hyphens'],
    ['path 2 without path 1', { path1: '', path2: 'deals' }, 'Path 2 needs a Path 1 before it'],
    [
      'an exclamation mark in a headline',
      { headlines: ['One', 'Two!', 'Three'] },
      'Headline 2 has an exclamation mark: Google allows none in headlines',
    ],
    ['a repeated headline', { headlines: ['One', 'Two', 'one.'] }, 'Headline 3 repeats headline 1'],
    ['an empty description', { descriptions: ['Fine.', '  '] }, 'Description 2 is empty'],
    ['two headlines', { headlines: ['One', 'Two'] }, 'An ad needs at least 3 headlines'],
    [
      '16 headlines',
      { headlines: Array.from({ length: 16 }, (_, i) => `H${i}`) },
      'An ad can have at most 15 headlines',
    ],
    [
      '5 descriptions',
      { descriptions: ['a.', 'b.', 'c.', 'd.', 'e.'] },
      'An ad can have at most 4 descriptions',
    ],
  ])('an edit with %s is refused, naming the field, and nothing changes', async (_, change, message) => {
    const answer = await h.call('PUT', `/api/google-ads/${ad.id}`, {
      token: owner.accessToken,
      body: { ...fieldsOf(ad), ...change },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'validation_error', message });
    const stored = await h.call('GET', `/api/google-ads/${ad.id}`, { token: owner.accessToken });
    expect(fieldsOf(stored.json())).toEqual(fieldsOf(ad));
  });

  it('saves an edit within the limits (30, 90 and 15 exactly), and History shows the new first headline', async () => {
    const edit = {
      headlines: ['h'.repeat(30), 'Second Headline', 'Third Headline'],
      descriptions: ['d'.repeat(90), 'Another description.'],
      path1: 'p'.repeat(15),
      path2: 'Zahnärzte',
      campaign: 'Clinics - Search',
      ad_group: 'Scheduling',
    };
    const answer = await h.call('PUT', `/api/google-ads/${ad.id}`, { token: owner.accessToken, body: edit });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ ...edit, ad_group: 'Scheduling', campaign: 'Clinics - Search' });
    const history = await h.call('GET', '/api/history?kind=google_ad', { token: owner.accessToken });
    expect(history.json().items.find((item: { id: number }) => item.id === ad.id).title).toBe('h'.repeat(30));
    ad = answer.json();
  });

  it('regenerates one field with the editor’s fields as context: only that field changes, nothing is saved', async () => {
    const context = {
      headlines: ['Online Dental Booking', 'Dental Clinic Scheduling', 'Acme'],
      descriptions: ['First description.', 'Second description.'],
      path1: 'dental',
      path2: '',
    };
    for (const [field, index] of [
      ['headline', 1],
      ['description', 0],
      ['path', 1],
    ] as const) {
      const answer = await h.call('POST', `/api/google-ads/${ad.id}/regenerate`, {
        token: owner.accessToken,
        body: { field, index, ...context },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const result = answer.json();
      const expected = {
        headlines: field === 'headline' ? context.headlines.with(index, result.text) : context.headlines,
        descriptions:
          field === 'description' ? context.descriptions.with(index, result.text) : context.descriptions,
        path1: context.path1,
        path2: field === 'path' ? result.text : context.path2,
      };
      expect(result).toMatchObject({ field, index, writer: 'offline', ...expected });
      expectWithinLimits(expected);
    }
    const stored = await h.call('GET', `/api/google-ads/${ad.id}`, { token: owner.accessToken });
    expect(fieldsOf(stored.json())).toEqual(fieldsOf(ad));
  });

  it('regenerate refuses a field that is not in the ad', async () => {
    const beyond = await h.call('POST', `/api/google-ads/${ad.id}/regenerate`, {
      token: owner.accessToken,
      body: { field: 'headline', index: 9 },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('Headline 10 is not in the ad');
    const path3 = await h.call('POST', `/api/google-ads/${ad.id}/regenerate`, {
      token: owner.accessToken,
      body: { field: 'path', index: 2 },
    });
    expect(path3.statusCode).toBe(400);
    const unknown = await h.call('POST', `/api/google-ads/${ad.id}/regenerate`, {
      token: owner.accessToken,
      body: { field: 'title', index: 0 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("exports Google Ads Editor's columns, one row, formula-safe", async () => {
    const edit = {
      headlines: ['=HYPERLINK("http://x")', '+Second', 'Third, with a comma'],
      descriptions: ['@SUM(A1)', '-1 and "quoted" text.'],
      path1: 'dental',
      path2: '',
    };
    expect(
      (await h.call('PUT', `/api/google-ads/${ad.id}`, { token: owner.accessToken, body: edit })).statusCode,
    ).toBe(200);
    const answer = await h.call('GET', `/api/google-ads/${ad.id}/csv`, { token: owner.accessToken });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="google-ad-${ad.id}.csv"`);
    const [header, row, end] = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Campaign,Ad group,Final URL,Path 1,Path 2,' +
        Array.from({ length: 15 }, (_, i) => `Headline ${i + 1}`).join(',') +
        ',Description 1,Description 2,Description 3,Description 4',
    );
    expect(header?.split(',')).toEqual([...GOOGLE_ADS_EDITOR_COLUMNS]);
    expect(end).toBe('');
    expect(row).toBe(
      [
        'Clinics - Search',
        'Scheduling',
        LANDING_URL,
        'dental',
        '',
        `"'=HYPERLINK(""http://x"")"`,
        "'+Second",
        '"Third, with a comma"',
        ...Array(12).fill(''),
        "'@SUM(A1)",
        `"'-1 and ""quoted"" text."`,
        '',
        '',
      ].join(','),
    );
  });

  it('deletes: gone from the list and History; the unit stays used', async () => {
    const before = await unitsUsed(owner.user.id);
    const answer = await h.call('DELETE', `/api/google-ads/${ad.id}`, { token: owner.accessToken });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: GOOGLE_AD_MESSAGES.deleted });
    expect((await h.call('GET', `/api/google-ads/${ad.id}`, { token: owner.accessToken })).statusCode).toBe(
      404,
    );
    expect(await unitsUsed(owner.user.id)).toBe(before);
  });

  it('every call needs a signed-in user', async () => {
    expect((await h.call('GET', '/api/google-ads')).statusCode).toBe(401);
    expect((await h.call('POST', '/api/google-ads', { body: { keywords: ['x'] } })).statusCode).toBe(401);
  });
});

describe('with an AI model (the stand-in)', () => {
  const KEY = 'sk-google-ads-stand-in';
  let standIn: LlmStandIn;
  let llm: Harness;
  let user: SeededUser;
  beforeAll(async () => {
    standIn = await startLlmStandIn({ apiKey: KEY });
    llm = await startHarness({
      engine: false,
      database: h.database,
      deps: { safeFetch: fakeFetch },
      env: { LLM_BASE_URL: `${standIn.url}/v1`, LLM_API_KEY: KEY, LLM_TIMEOUT_MS: '3000' },
    });
    user = await seedUser(llm);
    await withWebsite(llm, user.user.id);
    await setTier(llm, user.user.id, 'Premium');
  });
  afterAll(async () => {
    await llm.close();
    await standIn.close();
  });

  it("fits the model's answer to Google's rules: cut at a word, no '!', no shouting, no duplicates, valid paths", async () => {
    const answer = await llm.call('POST', '/api/google-ads', {
      token: user.accessToken,
      body: { landing_url: LANDING_URL, keywords: ['dental clinic scheduling'] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const ad = answer.json() as TGoogleAd;
    expect(ad.writer).toBe('llm');
    expect(ad.headlines).toEqual([
      'Stand-in Headline One',
      'Stand-in headline that runs',
      'Try The Stand-in Free',
      'Stand-in Headline Two',
      'Stand-in Headline Three',
      'Stand-in Headline Four',
    ]);
    expect(ad.descriptions).toEqual([
      'The stand-in model wrote this first description.',
      'A second stand-in description! Really.',
      'A third stand-in description.',
    ]);
    expect([ad.path1, ad.path2]).toEqual(['stand-in-ads', 'the-second-path']);
    expect(STAND_IN_SEARCH_AD.headlines[1]?.length).toBeGreaterThan(30);
    expectWithinLimits(ad);
    // The landing page reached the model, inside its data block.
    const request = standIn.requests.find((item) => item.task === 'search_ad');
    expect(standIn.promptOf(request)).toContain('Online Booking for Dental Clinics');
    expect(ad.prompt_tokens).toBeGreaterThan(0);

    const field = await llm.call('POST', `/api/google-ads/${ad.id}/regenerate`, {
      token: user.accessToken,
      body: { field: 'headline', index: 1 },
    });
    expect(field.statusCode, field.body).toBe(200);
    // The model's first candidate repeats headline 1: the writer takes the next one.
    expect(standInAdCandidates('headline')[0]).toBe(ad.headlines[0]);
    expect(field.json()).toMatchObject({
      text: 'A Fresh Stand-in Headline',
      headlines: ad.headlines.with(1, 'A Fresh Stand-in Headline'),
      descriptions: ad.descriptions,
      path1: ad.path1,
      path2: ad.path2,
      writer: 'llm',
    });
  });

  it('a model that fails makes the offline writer write the ad, and says so', async () => {
    standIn.setMode('error');
    try {
      const answer = await llm.call('POST', '/api/google-ads', {
        token: user.accessToken,
        body: { landing_url: LANDING_URL, keywords: ['dental clinic scheduling'] },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ writer: 'offline' });
      expect(answer.json().fallback_reason).toEqual(expect.any(String));
      expectWithinLimits(answer.json());
    } finally {
      standIn.setMode('normal');
    }
  });
});

describe('when the writer fails or has nothing new', () => {
  let broken: Harness;
  beforeAll(async () => {
    const offline = createOfflineContentWriter();
    broken = await startHarness({
      engine: false,
      database: h.database,
      deps: {
        safeFetch: fakeFetch,
        content: {
          ...offline,
          writeSearchAd: () => Promise.reject(new Error('the writer broke')),
          rewriteSearchAdField: async () => ({
            result: null,
            writer: 'offline',
            model: null,
            usage: { promptTokens: 0, completionTokens: 0 },
          }),
        },
      },
    });
  });
  afterAll(() => broken.close());

  it('a failed generation answers 502: nothing saved, nothing counted', async () => {
    const user = await seedUser(broken);
    await withWebsite(broken, user.user.id);
    await setTier(broken, user.user.id, 'Premium');
    const answer = await broken.call('POST', '/api/google-ads', {
      token: user.accessToken,
      body: { landing_url: LANDING_URL, keywords: ['dental'] },
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({
      error: 'generation_failed',
      message: GOOGLE_AD_MESSAGES.generationFailed,
    });
    expect(await adCount(user.user.id)).toBe(0);
    expect(await unitsUsed(user.user.id)).toBe(0);
  });

  it('a field with no new text left answers 409 and changes nothing', async () => {
    const user = await seedUser(broken);
    await withWebsite(broken, user.user.id);
    await setTier(broken, user.user.id, 'Premium');
    // The ad is written by the working harness (same database); the broken one has nothing new for it.
    const ad = (
      await h.call('POST', '/api/google-ads', {
        token: user.accessToken,
        body: { landing_url: LANDING_URL, keywords: ['dental'] },
      })
    ).json() as TGoogleAd;
    const answer = await broken.call('POST', `/api/google-ads/${ad.id}/regenerate`, {
      token: user.accessToken,
      body: { field: 'description', index: 0 },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: 'conflict', message: GOOGLE_AD_MESSAGES.noNewText });
  });
});

describe('the OpenAPI document', () => {
  it('describes every Google Ads call, with the bodies they take', async () => {
    const response = await h.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<
      string,
      Record<string, { summary?: string; requestBody?: unknown }>
    >;
    expect(Object.keys(paths['/api/google-ads'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/google-ads/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(paths['/api/google-ads/{id}/regenerate']?.post?.requestBody).toBeDefined();
    expect(paths['/api/google-ads/{id}/csv']?.get?.summary).toContain('Google Ads Editor');
    expect(paths['/api/google-ads']?.post?.summary).toContain('google_ads_limit');
  });
});
