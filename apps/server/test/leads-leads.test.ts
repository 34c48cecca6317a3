import { parse } from 'csv-parse/sync';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, lists } from '../src/db/schema';
import { seedList, verifyFile } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Lead = { id: number; isSelected: boolean; Name: string; [key: string]: unknown };
const get = async <T>(user: SeededUser, url: string) => {
  const response = await h.call('GET', url, { token: user.accessToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('all_leads', () => {
  it('pages every lead of the caller newest first (page zero-based, row = page size), total from the lists', async () => {
    const user = await seedUser(h);
    await seedList(h, user.user.id, { name: 'Older', count: 15 });
    await seedList(h, user.user.id, { name: 'Newer', count: 12 });
    const first = await get<{ leads: Lead[]; total: number }>(
      user,
      '/api/linkedinAI/all_leads?page=0&row=10',
    );
    expect(first.total).toBe(27);
    expect(first.leads).toHaveLength(10);
    expect(first.leads[0]).toEqual({
      id: expect.any(Number),
      isSelected: false,
      'Profile Image URL': 'None',
      Name: 'Person 12',
      Headline: 'Headline 12',
      Location: 'Paris',
      Company: 'Acme',
      'Connection Degree': '2nd',
      Source: 'CSV',
      'Linkedin URL': expect.stringMatching(/^https:\/\/www\.linkedin\.com\/in\/person-\d+-12$/),
      email: null,
    });
    const ids = first.leads.map((lead) => lead.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const last = await get<{ leads: Lead[]; total: number }>(user, '/api/linkedinAI/all_leads?page=2&row=10');
    expect(last.leads.map((lead) => lead.Name)).toEqual([
      'Person 7',
      'Person 6',
      'Person 5',
      'Person 4',
      'Person 3',
      'Person 2',
      'Person 1',
    ]);
    expect((await get<{ leads: Lead[] }>(user, '/api/linkedinAI/all_leads?page=3&row=10')).leads).toEqual([]);
    expect(
      (await get<{ leads: Lead[] }>(user, '/api/linkedinAI/all_leads?page=0&row=50')).leads,
    ).toHaveLength(27);
    expect((await get<{ leads: Lead[] }>(user, '/api/linkedinAI/all_leads')).leads).toHaveLength(10);
  });

  it('deep pages (past the first page anchor) match plain offset paging, also after deletes and inserts', async () => {
    const user = await seedUser(h);
    const lists3 = [
      await seedList(h, user.user.id, { count: 4000 }),
      await seedList(h, user.user.id, { count: 5003 }),
      await seedList(h, user.user.id, { count: 3000 }),
    ];
    const expected = async (offset: number, row: number) =>
      (
        await h.deps.db
          .select({ id: leads.id })
          .from(leads)
          .where(eq(leads.userId, user.user.id))
          .orderBy(desc(leads.id))
          .limit(row)
          .offset(offset)
      ).map((lead) => lead.id);
    const check = async (total: number) => {
      for (const [page, row] of [
        [50, 100],
        [99, 100],
        [100, 50],
        [500, 10],
        [1000, 10],
        [1200, 10],
        [120, 100],
        [5000, 100],
      ] as const) {
        const answer = await get<{ leads: Lead[]; total: number }>(
          user,
          `/api/linkedinAI/all_leads?page=${page}&row=${row}`,
        );
        expect(answer.total).toBe(total);
        expect(answer.leads.map((lead) => lead.id)).toEqual(await expected(page * row, row));
      }
    };
    await check(12_003);
    await h.call('DELETE', `/api/linkedinAI/delete_list?id=${lists3[0]?.id}`, { token: user.accessToken });
    await check(8_003);
    await seedList(h, user.user.id, { count: 2500 });
    await check(10_503);
  });

  it('answers an empty page and a zero total to a user without leads', async () => {
    const user = await seedUser(h);
    expect(await get(user, '/api/linkedinAI/all_leads?page=0&row=10')).toEqual({ leads: [], total: 0 });
  });

  it.each([
    ['page=-1', 'page must be at least 0'],
    ['row=0', 'row must be at least 1'],
    ['row=101', 'row must be at most 100'],
    ['row=ten', 'row must be a number'],
  ])('refuses %s: %s', async (query, message) => {
    const user = await seedUser(h);
    const response = await h.call('GET', `/api/linkedinAI/all_leads?${query}`, { token: user.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });
});

describe('select_people', () => {
  it('toggles isSelected and the pages show it', async () => {
    const user = await seedUser(h);
    await seedList(h, user.user.id, { count: 2 });
    const [lead] = (await get<{ leads: Lead[] }>(user, '/api/linkedinAI/all_leads')).leads;
    if (!lead) throw new Error('no lead');
    const select = () =>
      h.call('POST', '/api/linkedinAI/select_people', { token: user.accessToken, body: { id: lead.id } });
    expect((await select()).json()).toEqual({ message: 'Lead selected', isSelected: true });
    expect((await get<{ leads: Lead[] }>(user, '/api/linkedinAI/all_leads')).leads[0]?.isSelected).toBe(true);
    expect((await select()).json()).toEqual({ message: 'Lead unselected', isSelected: false });
    expect((await get<{ leads: Lead[] }>(user, '/api/linkedinAI/all_leads')).leads[0]?.isSelected).toBe(
      false,
    );
  });

  it('refuses a bad or unknown id', async () => {
    const user = await seedUser(h);
    const bad = await h.call('POST', '/api/linkedinAI/select_people', { token: user.accessToken, body: {} });
    expect(bad.json()).toEqual({ error: 'validation_error', message: 'id must be a number' });
    const unknown = await h.call('POST', '/api/linkedinAI/select_people', {
      token: user.accessToken,
      body: { id: 987_654 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Lead not found' });
  });
});

describe('leads_by_list', () => {
  it('answers every lead of the list in the spec’s lead shape', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { count: 120 });
    await seedList(h, user.user.id, { count: 5 });
    const { leads: rows } = await get<{ leads: Lead[] }>(user, `/api/linkedinAI/leads_by_list?id=${list.id}`);
    expect(rows).toHaveLength(120);
    expect(rows[0]?.Name).toBe('Person 120');
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'Company',
        'Connection Degree',
        'Headline',
        'Linkedin URL',
        'Location',
        'Name',
        'Profile Image URL',
        'Source',
        'email',
        'id',
        'isSelected',
      ].sort(),
    );
  });

  it('answers 404 for an unknown list, 400 for a bad id, 413 past 100,000 leads', async () => {
    const user = await seedUser(h);
    expect(
      (await h.call('GET', '/api/linkedinAI/leads_by_list?id=424242', { token: user.accessToken }))
        .statusCode,
    ).toBe(404);
    const bad = await h.call('GET', '/api/linkedinAI/leads_by_list', { token: user.accessToken });
    expect(bad.json()).toEqual({ error: 'validation_error', message: 'id must be a number' });
    const huge = await seedList(h, user.user.id, { count: 1 });
    await h.deps.db.update(lists).set({ leadCount: 100_001 }).where(eq(lists.id, huge.id));
    const tooMany = await h.call('GET', `/api/linkedinAI/leads_by_list?id=${huge.id}`, {
      token: user.accessToken,
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(
      'This list has more than 100,000 leads: use Export to CSV (export_list) instead',
    );
  });
});

describe('export_list', () => {
  it('streams data.csv with the spec columns, parseable back, in batches', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { count: 4500 });
    const response = await h.call('GET', `/api/linkedinAI/export_list?id=${list.id}`, {
      token: user.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="data.csv"');
    expect(
      response.body.startsWith(
        '\uFEFFName,Headline,Location,Company,Connection Degree,Source,Linkedin URL,Profile Image URL,' +
          'Email,Email Status,Email Confidence\r\n',
      ),
    ).toBe(true);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4500);
    expect(rows[0]).toEqual({
      Name: 'Person 4500',
      Headline: 'Headline 4500',
      Location: 'Paris',
      Company: 'Acme',
      'Connection Degree': '2nd',
      Source: 'CSV',
      'Linkedin URL': `https://www.linkedin.com/in/person-${list.id}-4500`,
      'Profile Image URL': 'None',
      Email: '',
      'Email Status': '',
      'Email Confidence': '',
    });
    expect(new Set(rows.map((row) => row['Linkedin URL'])).size).toBe(4500);
  });

  it('writes each e-mail Find Email left, as the all-leads export does, and neutralises it too', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { count: 3 });
    const [found, nobody, nasty] = await h.deps.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.listId, list.id))
      .orderBy(leads.id);
    const checkedAt = new Date('2026-03-01T10:00:00Z');
    await h.deps.db
      .update(leads)
      .set({
        email: 'ann@acme.example',
        emailConfidence: 91,
        emailStatus: 'valid',
        emailProvider: 'hunter',
        emailCheckedAt: checkedAt,
      })
      .where(eq(leads.id, found?.id ?? 0));
    await h.deps.db
      .update(leads)
      .set({ email: null, emailProvider: 'hunter', emailCheckedAt: checkedAt })
      .where(eq(leads.id, nobody?.id ?? 0));
    await h.deps.db
      .update(leads)
      .set({
        email: '=cmd@evil.example',
        emailConfidence: null,
        emailStatus: null,
        emailProvider: 'hunter',
        emailCheckedAt: checkedAt,
      })
      .where(eq(leads.id, nasty?.id ?? 0));
    const response = await h.call('GET', `/api/linkedinAI/export_list?id=${list.id}`, {
      token: user.accessToken,
    });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    // Newest first: the third lead, the second, the first.
    expect(rows.map((row) => [row.Email, row['Email Status'], row['Email Confidence']])).toEqual([
      ["'=cmd@evil.example", '', ''],
      ['', '', ''],
      ['ann@acme.example', 'valid', '91'],
    ]);
  });

  it('neutralises every formula-like cell and quotes what needs quoting', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id);
    const nasty = ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tTab', '\rReturn', 'a,"b"\r\nc'];
    await h.deps.db.insert(leads).values({
      userId: user.user.id,
      listId: list.id,
      name: nasty[0],
      headline: nasty[1],
      location: nasty[2],
      company: nasty[3],
      connectionDegree: nasty[4],
      source: nasty[5] ?? '',
      linkedinUrl: 'https://www.linkedin.com/in/nasty',
      profileImageUrl: nasty[6],
    });
    const response = await h.call('GET', `/api/linkedinAI/export_list?id=${list.id}`, {
      token: user.accessToken,
    });
    const [row] = parse(response.body, { bom: true }).slice(1) as string[][];
    expect(row).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2",
      "'@cmd",
      "'\tTab",
      "'\rReturn",
      'https://www.linkedin.com/in/nasty',
      'a,"b"\r\nc',
      '',
      '',
      '',
    ]);
  });

  it('answers 404 as JSON for an unknown list', async () => {
    const user = await seedUser(h);
    const response = await h.call('GET', '/api/linkedinAI/export_list?id=31337', { token: user.accessToken });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'List not found' });
  });
});

describe('sample_csv', () => {
  it('serves the sample file without sign-in, and it verifies', async () => {
    const response = await h.call('GET', '/api/linkedinAI/sample_csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="sample.csv"');
    const [header] = parse(response.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'Name',
      'Headline',
      'Location',
      'Company',
      'Connection Degree',
      'Source',
      'Linkedin URL',
      'Profile Image URL',
    ]);
    const user = await seedUser(h);
    expect((await verifyFile(h, user.accessToken, response.body, 'sample.csv')).json()).toEqual({
      rows: 2,
      skipped: 0,
      duplicates: 0,
    });
  });
});

describe('OpenAPI', () => {
  it('documents every leads call', async () => {
    const docs = await h.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    const calls = [
      'all_lists',
      'search_lists',
      'fetch_all_lists',
      'rename_list',
      'delete_list',
      'leads_by_list',
      'export_list',
    ]
      .concat(['all_leads', 'select_people', 'verify_upload', 'save_leads', 'import_status', 'sample_csv'])
      .map((call) => `/api/linkedinAI/${call}`);
    expect(paths).toEqual(expect.arrayContaining(calls));
  });
});
