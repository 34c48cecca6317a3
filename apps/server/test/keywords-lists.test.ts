import {
  KEYWORD_CSV_COLUMNS,
  KEYWORD_LIST_MAX,
  KEYWORD_MESSAGES,
  type TKeywordInput,
} from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());

const kw = (text: string, extra: Partial<TKeywordInput> = {}): TKeywordInput => ({
  text,
  intent: 'commercial',
  theme: 'bookkeeping',
  relevance: 80,
  ...extra,
});

const create = (user: SeededUser, body: object) =>
  h.call('POST', '/api/keywords/lists', { token: user.accessToken, body });

const METRICS = {
  avg_monthly_searches: 1300,
  competition: 'medium',
  competition_index: 42,
  low_top_of_page_bid: 1.25,
  high_top_of_page_bid: 4.8,
  provider: 'google_ads',
} as const;

describe('saved keyword lists', () => {
  it('creates, lists, reads, renames, adds, removes and deletes a list', async () => {
    const user = await seedUser(h);
    const created = await create(user, {
      name: '  Spring campaign ',
      keywords: [
        kw('bookkeeping pricing', { intent: 'transactional', metrics: METRICS }),
        kw('what is bookkeeping', { intent: 'informational' }),
        kw('Bookkeeping  Pricing'),
      ],
      writer: 'llm',
    });
    expect(created.statusCode).toBe(201);
    const { list, message } = created.json();
    expect(message).toBe(KEYWORD_MESSAGES.saved);
    // The same keyword twice (letter case, spacing) is kept once, the later in the earlier's place.
    expect(list).toMatchObject({ name: 'Spring campaign', keyword_count: 2 });
    expect(list.keywords.map((k: { text: string }) => k.text)).toEqual([
      'Bookkeeping  Pricing',
      'what is bookkeeping',
    ]);

    const listed = await h.call('GET', '/api/keywords/lists', { token: user.accessToken });
    expect(listed.json().lists).toEqual([
      expect.objectContaining({
        id: list.id,
        name: 'Spring campaign',
        keyword_count: 2,
        preview: ['Bookkeeping  Pricing', 'what is bookkeeping'],
      }),
    ]);

    const renamed = await h.call('PUT', `/api/keywords/lists/${list.id}`, {
      token: user.accessToken,
      body: {
        name: 'Spring ads',
        add: [
          kw('best bookkeeping'),
          kw('bookkeeping pricing', { intent: 'transactional', metrics: METRICS }),
        ],
        remove: ['WHAT IS BOOKKEEPING'],
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().message).toBe(KEYWORD_MESSAGES.updated);
    const after = renamed.json().list;
    expect(after.name).toBe('Spring ads');
    expect(after.keywords.map((k: { text: string }) => k.text)).toEqual([
      'bookkeeping pricing',
      'best bookkeeping',
    ]);
    expect(after.keywords[0].metrics).toEqual(METRICS);
    expect(after.keywords[1].metrics).toBeNull();

    const read = await h.call('GET', `/api/keywords/lists/${list.id}`, { token: user.accessToken });
    expect(read.json().list).toEqual(after);

    // History shows it as Keywords, with the keywords as its excerpt.
    const history = await h.call('GET', '/api/history?kind=keywords', { token: user.accessToken });
    expect(history.json().items).toEqual([
      expect.objectContaining({
        id: list.id,
        kind: 'keywords',
        title: 'Spring ads',
        writer: 'llm',
        excerpt: expect.stringContaining('bookkeeping pricing'),
      }),
    ]);

    const deleted = await h.call('DELETE', `/api/keywords/lists/${list.id}`, { token: user.accessToken });
    expect(deleted.json()).toEqual({ message: KEYWORD_MESSAGES.deleted });
    expect(
      (await h.call('GET', `/api/keywords/lists/${list.id}`, { token: user.accessToken })).statusCode,
    ).toBe(404);
    expect((await h.call('GET', '/api/keywords/lists', { token: user.accessToken })).json().lists).toEqual(
      [],
    );
  });

  it("answers 404 for another user's list on every call, and leaves it as it was", async () => {
    const owner = await seedUser(h);
    const other = await seedUser(h);
    const { list } = (await create(owner, { name: 'Mine', keywords: [kw('payroll')] })).json();
    const calls = [
      h.call('GET', `/api/keywords/lists/${list.id}`, { token: other.accessToken }),
      h.call('PUT', `/api/keywords/lists/${list.id}`, {
        token: other.accessToken,
        body: { name: 'Stolen' },
      }),
      h.call('DELETE', `/api/keywords/lists/${list.id}`, { token: other.accessToken }),
      h.call('GET', `/api/keywords/lists/${list.id}/export`, { token: other.accessToken }),
      h.call('GET', '/api/keywords/lists/999999999/export', { token: owner.accessToken }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: KEYWORD_MESSAGES.listNotFound });
    }
    expect((await h.call('GET', '/api/keywords/lists', { token: other.accessToken })).json().lists).toEqual(
      [],
    );
    const kept = await h.call('GET', `/api/keywords/lists/${list.id}`, { token: owner.accessToken });
    expect(kept.json().list.name).toBe('Mine');
    // A blog post's id is no keyword list either.
    expect((await h.call('GET', '/api/keywords/lists/abc', { token: owner.accessToken })).statusCode).toBe(
      400,
    );
  });

  it('refuses bad lists with clear 400s and saves nothing', async () => {
    const user = await seedUser(h);
    const refused = async (body: object, message: string) => {
      const response = await create(user, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused({ name: '', keywords: [kw('a')] }, KEYWORD_MESSAGES.listNameRequired);
    await refused({ keywords: [kw('a')] }, KEYWORD_MESSAGES.listNameRequired);
    await refused({ name: 'x'.repeat(121), keywords: [kw('a')] }, KEYWORD_MESSAGES.listNameTooLong);
    await refused({ name: 'Empty', keywords: [] }, KEYWORD_MESSAGES.listEmpty);
    await refused({ name: 'Long kw', keywords: [kw('k'.repeat(81))] }, KEYWORD_MESSAGES.keywordTooLong);
    await refused({ name: 'Blank kw', keywords: [kw('   ')] }, KEYWORD_MESSAGES.keywordEmpty);
    await refused(
      {
        name: 'Too many',
        keywords: Array.from({ length: KEYWORD_LIST_MAX + 1 }, (_, i) => kw(`keyword ${i}`)),
      },
      KEYWORD_MESSAGES.listTooLong,
    );
    expect(
      (await create(user, { name: 'Bad intent', keywords: [kw('a', { intent: 'urgent' as never })] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await create(user, { name: 'Bad relevance', keywords: [kw('a', { relevance: 101 })] })).statusCode,
    ).toBe(400);
    expect((await h.call('GET', '/api/keywords/lists', { token: user.accessToken })).json().lists).toEqual(
      [],
    );

    const { list } = (await create(user, { name: 'Ok', keywords: [kw('payroll')] })).json();
    const patch = (body: object) =>
      h.call('PUT', `/api/keywords/lists/${list.id}`, { token: user.accessToken, body });
    const nothing = await patch({});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(KEYWORD_MESSAGES.nothingToChange);
    const emptied = await patch({ remove: ['payroll'] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().message).toBe(KEYWORD_MESSAGES.listEmpty);
    const overfull = await patch({
      add: Array.from({ length: KEYWORD_LIST_MAX }, (_, i) => kw(`more ${i}`)),
    });
    expect(overfull.statusCode).toBe(400);
    expect(overfull.json().message).toBe(KEYWORD_MESSAGES.listTooLong);
    expect(
      (await h.call('GET', `/api/keywords/lists/${list.id}`, { token: user.accessToken })).json().list
        .keyword_count,
    ).toBe(1);
    expect((await h.call('GET', '/api/keywords/lists', {})).statusCode).toBe(401);
  });

  it('exports a list as CSV with its columns, metrics only where a provider gave them, formulas neutralised', async () => {
    const user = await seedUser(h);
    const { list } = (
      await create(user, {
        name: 'Émigré "ads" / Q1',
        keywords: [
          kw('bookkeeping pricing', { intent: 'transactional', metrics: METRICS }),
          kw('=HYPERLINK("http://evil.example","x")', { theme: '+SUM(A1:A2)' }),
          kw('-2+3', { theme: '@cmd' }),
          kw('tax filing, quarterly', { theme: 'tax "filing"' }),
        ],
      })
    ).json();
    const response = await h.call('GET', `/api/keywords/lists/${list.id}/export`, {
      token: user.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="keywords-emigre-ads-q1.csv"');
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(KEYWORD_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe('bookkeeping pricing,transactional,bookkeeping,80,1300,medium,42,1.25,4.8');
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")",commercial,'+SUM(A1:A2),80,,,,,`);
    expect(lines[3]).toBe(`'-2+3,commercial,'@cmd,80,,,,,`);
    expect(lines[4]).toBe('"tax filing, quarterly",commercial,"tax ""filing""",80,,,,,');
    expect(lines[5]).toBe('');
    // No cell starts with a formula character.
    for (const line of lines.slice(1, 5)) {
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('documents every keywords call in the OpenAPI document', async () => {
    const response = await h.call('GET', '/api/docs/json', {});
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/keywords/ideas',
        '/api/keywords/metrics-provider',
        '/api/keywords/lists',
        '/api/keywords/lists/{id}',
        '/api/keywords/lists/{id}/export',
      ]),
    );
    const ideas = response.json().paths['/api/keywords/ideas'].post;
    expect(ideas.requestBody.content['application/json'].schema.properties).toHaveProperty('seed_terms');
  });
});
