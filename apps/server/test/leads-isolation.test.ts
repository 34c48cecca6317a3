import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, importFile, saveFile, verifyFile } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;
let listId: number;
let leadId: number;
beforeAll(async () => {
  h = await startHarness();
  owner = await seedUser(h);
  stranger = await seedUser(h);
  ({ listId } = await importFile(h, owner.accessToken, 'Secret list', fixture('sample-columns.csv')));
  const page = await h.call('GET', '/api/linkedinAI/all_leads', { token: owner.accessToken });
  leadId = page.json<{ leads: { id: number }[] }>().leads[0]?.id ?? 0;
});
afterAll(() => h.close());

describe("another user's lists and leads", () => {
  it.each([
    [
      'rename_list',
      () =>
        h.call('PUT', '/api/linkedinAI/rename_list', {
          token: stranger.accessToken,
          body: { id: listId, new_name: 'Mine now' },
        }),
    ],
    [
      'delete_list (query)',
      () => h.call('DELETE', `/api/linkedinAI/delete_list?id=${listId}`, { token: stranger.accessToken }),
    ],
    [
      'delete_list (body)',
      () =>
        h.call('DELETE', '/api/linkedinAI/delete_list', {
          token: stranger.accessToken,
          body: { id: listId },
        }),
    ],
    [
      'leads_by_list',
      () => h.call('GET', `/api/linkedinAI/leads_by_list?id=${listId}`, { token: stranger.accessToken }),
    ],
    [
      'export_list',
      () => h.call('GET', `/api/linkedinAI/export_list?id=${listId}`, { token: stranger.accessToken }),
    ],
    [
      'import_status',
      () => h.call('GET', `/api/linkedinAI/import_status?list_id=${listId}`, { token: stranger.accessToken }),
    ],
  ])('%s answers 404 for a list id of another user', async (_name, call) => {
    const response = await call();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'List not found' });
  });

  it('select_people answers 404 for a lead id of another user, and the lead stays unselected', async () => {
    const response = await h.call('POST', '/api/linkedinAI/select_people', {
      token: stranger.accessToken,
      body: { id: leadId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Lead not found' });
    const page = await h.call('GET', '/api/linkedinAI/all_leads', { token: owner.accessToken });
    expect(
      page.json<{ leads: { id: number; isSelected: boolean }[] }>().leads.find((lead) => lead.id === leadId)
        ?.isSelected,
    ).toBe(false);
  });

  it('the list and page calls show only the caller’s own lists and leads', async () => {
    const get = async (url: string) => (await h.call('GET', url, { token: stranger.accessToken })).json();
    expect(await get('/api/linkedinAI/all_lists')).toEqual({ lists: [], total: 0 });
    expect(await get('/api/linkedinAI/search_lists?query=secret')).toEqual({ lists: [] });
    expect(await get('/api/linkedinAI/fetch_all_lists')).toEqual({ lists: [] });
    expect(await get('/api/linkedinAI/all_leads?page=0&row=100')).toEqual({ leads: [], total: 0 });
  });

  it('save_leads with the name of another user’s list makes the caller a list of their own', async () => {
    const saved = await saveFile(h, stranger.accessToken, 'Secret list', fixture('bom.csv'));
    expect(saved.json()).toMatchObject({ message: 'Leads Uploaded' });
    expect(saved.json().list_id).not.toBe(listId);
    const ownerList = await h.call('GET', `/api/linkedinAI/leads_by_list?id=${listId}`, {
      token: owner.accessToken,
    });
    expect(ownerList.json<{ leads: unknown[] }>().leads).toHaveLength(3);
  });

  it('the owner still has everything', async () => {
    const lists = await h.call('GET', '/api/linkedinAI/all_lists', { token: owner.accessToken });
    expect(lists.json()).toMatchObject({
      total: 1,
      lists: [{ id: listId, name: 'Secret list', leadcount: 3 }],
    });
  });
});

describe('sign-in', () => {
  it.each([
    ['GET', '/api/linkedinAI/all_lists', undefined],
    ['GET', '/api/linkedinAI/search_lists?query=a', undefined],
    ['GET', '/api/linkedinAI/fetch_all_lists', undefined],
    ['PUT', '/api/linkedinAI/rename_list', { id: 1, new_name: 'x' }],
    ['DELETE', '/api/linkedinAI/delete_list?id=1', undefined],
    ['GET', '/api/linkedinAI/leads_by_list?id=1', undefined],
    ['GET', '/api/linkedinAI/export_list?id=1', undefined],
    ['GET', '/api/linkedinAI/all_leads', undefined],
    ['POST', '/api/linkedinAI/select_people', { id: 1 }],
    ['POST', '/api/linkedinAI/verify_upload', undefined],
    ['POST', '/api/linkedinAI/save_leads', undefined],
    ['GET', '/api/linkedinAI/import_status?list_id=1', undefined],
  ] as const)('%s %s needs a signed-in caller', async (method, url, body) => {
    const response = await h.call(method, url, { body });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid_token');
  });

  it('verify_upload works for any signed-in user and stores nothing', async () => {
    const response = await verifyFile(h, stranger.accessToken, fixture('sample-columns.csv'));
    expect(response.json()).toEqual({ rows: 3, skipped: 0, duplicates: 0 });
  });
});
