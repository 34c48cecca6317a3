import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs, leads, lists } from '../src/db/schema';
import { seedList } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type List = { id: number; name: string; status: string; message: string; leadcount: number };
const get = async <T>(user: SeededUser, url: string) => {
  const response = await h.call('GET', url, { token: user.accessToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('all_lists', () => {
  it('pages the caller’s lists newest first, zero-based, with the total', async () => {
    const user = await seedUser(h);
    for (let i = 1; i <= 25; i++)
      await seedList(h, user.user.id, { name: `List ${String(i).padStart(2, '0')}`, count: i % 3 });
    const first = await get<{ lists: List[]; total: number }>(
      user,
      '/api/linkedinAI/all_lists?page=0&limit=10',
    );
    expect(first.total).toBe(25);
    expect(first.lists.map((list) => list.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `List ${25 - i}`),
    );
    expect(first.lists[0]).toEqual({
      id: expect.any(Number),
      name: 'List 25',
      status: 'Not in Campaign',
      message: '',
      leadcount: 1,
    });
    const third = await get<{ lists: List[]; total: number }>(
      user,
      '/api/linkedinAI/all_lists?page=2&limit=10',
    );
    expect(third.lists.map((list) => list.name)).toEqual([
      'List 05',
      'List 04',
      'List 03',
      'List 02',
      'List 01',
    ]);
    expect((await get<{ lists: List[] }>(user, '/api/linkedinAI/all_lists?page=3&limit=10')).lists).toEqual(
      [],
    );
    const defaults = await get<{ lists: List[]; total: number }>(user, '/api/linkedinAI/all_lists');
    expect(defaults.lists).toHaveLength(10);
    expect(
      (await get<{ lists: List[] }>(user, '/api/linkedinAI/all_lists?page=0&limit=100')).lists,
    ).toHaveLength(25);
  });

  it('shows the four statuses with their messages, and import progress while importing', async () => {
    const user = await seedUser(h);
    const importing = await seedList(h, user.user.id, { name: 'Importing', status: 'importing', count: 5 });
    await h.deps.db.insert(importJobs).values({
      userId: user.user.id,
      listId: importing.id,
      fileName: 'big.csv',
      filePath: '/nonexistent/big.csv',
      listCreated: false,
      statusBefore: 'ready',
      total: 100_000,
      processed: 12_000,
    });
    await seedList(h, user.user.id, { name: 'Broken', status: 'error', message: 'The file is empty' });
    await seedList(h, user.user.id, { name: 'Ready' });
    await seedList(h, user.user.id, { name: 'Busy', status: 'in_campaign' });
    const { lists: rows } = await get<{ lists: List[] }>(user, '/api/linkedinAI/all_lists');
    expect(
      rows.map(({ name, status, message, leadcount }) => ({ name, status, message, leadcount })),
    ).toEqual([
      { name: 'Busy', status: 'In a campaign', message: '', leadcount: 0 },
      { name: 'Ready', status: 'Not in Campaign', message: '', leadcount: 0 },
      { name: 'Broken', status: 'Error', message: 'The file is empty', leadcount: 0 },
      { name: 'Importing', status: 'Importing...', message: 'Imported 12,000 of 100,000 rows', leadcount: 5 },
    ]);
    const status = await get(user, `/api/linkedinAI/import_status?list_id=${importing.id}`);
    expect(status).toEqual({
      status: 'Importing...',
      processed: 12_000,
      total: 100_000,
      skipped: 0,
      imported: 0,
      message: 'Imported 12,000 of 100,000 rows',
      notice: null,
    });
  });

  it.each([
    ['page=-1', 'page must be at least 0'],
    ['page=x', 'page must be a number'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
  ])('refuses %s: %s', async (query, message) => {
    const user = await seedUser(h);
    const response = await h.call('GET', `/api/linkedinAI/all_lists?${query}`, { token: user.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });
});

describe('search_lists and fetch_all_lists', () => {
  it('finds names containing the text in any letter case, newest first, wildcards taken literally', async () => {
    const user = await seedUser(h);
    for (const name of ['Marketing leads', 'CTOs in Berlin', 'marketing 2025', '50% off', '5000 Club']) {
      await seedList(h, user.user.id, { name });
    }
    const names = async (query: string) =>
      (
        await get<{ lists: List[] }>(user, `/api/linkedinAI/search_lists?query=${encodeURIComponent(query)}`)
      ).lists.map((list) => list.name);
    expect(await names('MARKET')).toEqual(['marketing 2025', 'Marketing leads']);
    expect(await names('0%')).toEqual(['50% off']);
    expect(await names('_')).toEqual([]);
    expect(await names('berlin')).toEqual(['CTOs in Berlin']);
    expect(await names('nothing')).toEqual([]);
    expect(await names('')).toHaveLength(5);
    const [first] = (await get<{ lists: List[] }>(user, '/api/linkedinAI/search_lists?query=berlin')).lists;
    expect(Object.keys(first ?? {}).sort()).toEqual(['id', 'leadcount', 'message', 'name', 'status']);
  });

  it('caps a search at 50 lists and refuses an overlong query', async () => {
    const user = await seedUser(h);
    for (let i = 0; i < 55; i++) await seedList(h, user.user.id, { name: `Team ${i}` });
    expect(
      (await get<{ lists: List[] }>(user, '/api/linkedinAI/search_lists?query=team')).lists,
    ).toHaveLength(50);
    const long = await h.call('GET', `/api/linkedinAI/search_lists?query=${'x'.repeat(101)}`, {
      token: user.accessToken,
    });
    expect(long.json()).toEqual({
      error: 'validation_error',
      message: 'query must be at most 100 characters',
    });
  });

  it('fetch_all_lists answers every list for the dropdowns: id, name, status, leadcount', async () => {
    const user = await seedUser(h);
    const a = await seedList(h, user.user.id, { name: 'A', count: 3 });
    const b = await seedList(h, user.user.id, { name: 'B', status: 'in_campaign' });
    const { lists: rows } = await get<{ lists: unknown[] }>(user, '/api/linkedinAI/fetch_all_lists');
    expect(rows).toEqual([
      { id: b.id, name: 'B', status: 'In a campaign', leadcount: 0 },
      { id: a.id, name: 'A', status: 'Not in Campaign', leadcount: 3 },
    ]);
  });
});

describe('rename_list', () => {
  const rename = (user: SeededUser, body: unknown) =>
    h.call('PUT', '/api/linkedinAI/rename_list', { token: user.accessToken, body });

  it('renames, trims, and lets a list change the letter case of its own name', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Old name' });
    const response = await rename(user, { id: list.id, new_name: '  New name  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'List Renamed' });
    expect((await rename(user, { id: list.id, new_name: 'NEW NAME' })).json()).toEqual({
      message: 'List Renamed',
    });
    const [row] = await h.deps.db.select().from(lists).where(eq(lists.id, list.id));
    expect(row?.name).toBe('NEW NAME');
  });

  it('refuses a name the user already has, in any letter case (409); another user’s names do not count', async () => {
    const user = await seedUser(h);
    const other = await seedUser(h);
    await seedList(h, user.user.id, { name: 'Customers' });
    await seedList(h, other.user.id, { name: 'Partners' });
    const list = await seedList(h, user.user.id, { name: 'Prospects' });
    const clash = await rename(user, { id: list.id, new_name: 'cUsToMeRs' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'conflict', message: 'You already have a list named "cUsToMeRs"' });
    expect((await rename(user, { id: list.id, new_name: 'Partners' })).statusCode).toBe(200);
  });

  it.each([
    [{ id: 1, new_name: '' }, 'Please enter a list name'],
    [{ id: 1, new_name: '   ' }, 'Please enter a list name'],
    [{ id: 1 }, 'Please enter a list name'],
    [{ id: 1, new_name: 'x'.repeat(101) }, 'List name must be at most 100 characters'],
    [{ new_name: 'x' }, 'id must be a number'],
    [{ id: 'abc', new_name: 'x' }, 'id must be a number'],
    [{ id: 0, new_name: 'x' }, 'id must be at least 1'],
  ])('refuses %j: %s', async (body, message) => {
    const user = await seedUser(h);
    const response = await rename(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });

  it('answers 404 for an unknown list', async () => {
    const user = await seedUser(h);
    const response = await rename(user, { id: 999_999, new_name: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'List not found' });
  });
});

describe('delete_list', () => {
  const leadsOfList = async (listId: number) =>
    h.deps.db.select().from(leads).where(eq(leads.listId, listId));

  it('deletes a list and its leads (id in the query), and the totals follow', async () => {
    const user = await seedUser(h);
    const keep = await seedList(h, user.user.id, { count: 4 });
    const drop = await seedList(h, user.user.id, { count: 7 });
    expect((await get<{ total: number }>(user, '/api/linkedinAI/all_leads')).total).toBe(11);
    const response = await h.call('DELETE', `/api/linkedinAI/delete_list?id=${drop.id}`, {
      token: user.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'List Deleted' });
    expect(await leadsOfList(drop.id)).toEqual([]);
    expect(await leadsOfList(keep.id)).toHaveLength(4);
    expect((await get<{ total: number }>(user, '/api/linkedinAI/all_leads')).total).toBe(4);
    expect((await get<{ total: number }>(user, '/api/linkedinAI/all_lists')).total).toBe(1);
    const again = await h.call('DELETE', `/api/linkedinAI/delete_list?id=${drop.id}`, {
      token: user.accessToken,
    });
    expect(again.statusCode).toBe(404);
  });

  it('takes the id from a JSON body too', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { count: 1 });
    const response = await h.call('DELETE', '/api/linkedinAI/delete_list', {
      token: user.accessToken,
      body: { id: list.id },
    });
    expect(response.json()).toEqual({ message: 'List Deleted' });
  });

  it('refuses a list in a running campaign and a list still importing (409), keeping their leads', async () => {
    const user = await seedUser(h);
    const campaign = await seedList(h, user.user.id, { status: 'in_campaign', count: 2 });
    const refused = await h.call('DELETE', `/api/linkedinAI/delete_list?id=${campaign.id}`, {
      token: user.accessToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'conflict',
      message: "Can't delete list: it is in a running campaign",
    });
    const importing = await seedList(h, user.user.id, { status: 'importing' });
    await h.deps.db.insert(importJobs).values({
      userId: user.user.id,
      listId: importing.id,
      fileName: 'a.csv',
      filePath: '/nonexistent/a.csv',
      listCreated: true,
      statusBefore: 'ready',
    });
    const busy = await h.call('DELETE', `/api/linkedinAI/delete_list?id=${importing.id}`, {
      token: user.accessToken,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      "Can't delete list: it is still importing. Please wait until it finishes.",
    );
    expect(await leadsOfList(campaign.id)).toHaveLength(2);
  });

  it('an errored list can be deleted', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { status: 'error', message: 'The file is empty' });
    expect(
      (await h.call('DELETE', `/api/linkedinAI/delete_list?id=${list.id}`, { token: user.accessToken }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    ['', 'id is required'],
    ['?id=abc', 'id must be a number'],
  ])('refuses %j: %s', async (query, message) => {
    const user = await seedUser(h);
    const response = await h.call('DELETE', `/api/linkedinAI/delete_list${query}`, {
      token: user.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });
});
