import { CAMPAIGN_MESSAGES, type TCampaign } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema';
import { API, connectLinkedIn, recordingJobs, seedCampaign } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let user: SeededUser;
/** Ids of the user's campaigns, oldest first. */
const ids: number[] = [];
beforeAll(async () => {
  h = await startHarness({ deps: { jobs: recordingJobs() }, engine: false });
  user = await seedUser(h);
  await connectLinkedIn(h, user);
  for (let i = 1; i <= 12; i++) {
    const { campaignId } = await seedCampaign(h, user, 2, { campaign_name: `Campaign ${i}` });
    // Distinct creation times, one minute apart, so "newest first" is unambiguous.
    await h.deps.db
      .update(campaigns)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 9, i)) })
      .where(eq(campaigns.id, campaignId));
    ids.push(campaignId);
  }
});
afterAll(() => h.close());

const get = (url: string) => h.call('GET', url, { token: user.accessToken });

describe('fetch_campaigns', () => {
  it('pages newest first, one-based, with the total', async () => {
    const first = await get(`${API}/fetch_campaigns?page=1&limit=5`);
    expect(first.statusCode).toBe(200);
    const body = first.json<{ campaigns: TCampaign[]; total: number }>();
    expect(body.total).toBe(12);
    expect(body.campaigns.map((c) => c.ID)).toEqual(ids.slice(-5).reverse());
    const third = (await get(`${API}/fetch_campaigns?page=3&limit=5`)).json<{ campaigns: TCampaign[] }>();
    expect(third.campaigns.map((c) => c.ID)).toEqual(ids.slice(0, 2).reverse());
    const beyond = (await get(`${API}/fetch_campaigns?page=9&limit=5`)).json();
    expect(beyond).toEqual({ campaigns: [], total: 12 });
    const defaults = (await get(`${API}/fetch_campaigns`)).json<{ campaigns: TCampaign[] }>();
    expect(defaults.campaigns).toHaveLength(10);
  });

  it('refuses page 0 and out-of-range sizes', async () => {
    for (const query of ['page=0', 'page=-1', 'limit=0', 'limit=101', 'page=x']) {
      const response = await get(`${API}/fetch_campaigns?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
  });

  it('answers every field of spec §3 with the status words and the progress', async () => {
    const id = ids[11] ?? 0;
    const words = [
      ['draft', 'Draft'],
      ['running', 'On Going'],
      ['paused', 'Campaign Paused'],
      ['finished', 'Finished'],
      ['failed', 'Failed'],
    ] as const;
    for (const [status, word] of words) {
      await h.deps.db
        .update(campaigns)
        .set({
          status,
          statusReason: status === 'failed' ? 'LinkedIn refused the session' : '',
          stepsDone: 5,
        })
        .where(eq(campaigns.id, id));
      const [row] = (await get(`${API}/fetch_campaigns?page=1&limit=1`)).json<{ campaigns: TCampaign[] }>()
        .campaigns;
      expect(row).toEqual({
        ID: id,
        IsSelected: false,
        'Campaign List': 'Campaign 12',
        TimeStamp: '2026-01-01T09:12:00.000Z',
        Status: word,
        'Status Reason': status === 'failed' ? 'LinkedIn refused the session' : '',
        'Leads Count': 2,
        'Outreach Via': 'LinkedIn',
        'Campaign Goal': 'Book a Meeting',
        // 5 of 2 × 7 steps, counted from the launch on: a Draft is at 0.
        'Campaign Progress': status === 'draft' ? 0 : 36,
        'Failed Leads': 0,
      });
    }
    await h.deps.db.update(campaigns).set({ stepsTotal: 0, stepsDone: 0 }).where(eq(campaigns.id, id));
    const [empty] = (await get(`${API}/fetch_campaigns?page=1&limit=1`)).json<{ campaigns: TCampaign[] }>()
      .campaigns;
    expect(empty?.['Campaign Progress']).toBe(0);
    await h.deps.db
      .update(campaigns)
      .set({ status: 'draft', statusReason: '', stepsTotal: 14 })
      .where(eq(campaigns.id, id));
  });
});

describe('search_campaigns', () => {
  it('finds names containing the text in any letter case, newest first', async () => {
    const found = (await get(`${API}/search_campaigns?query=CAMPAIGN%201`)).json<{ lists: TCampaign[] }>();
    expect(found.lists.map((c) => c['Campaign List'])).toEqual([
      'Campaign 12',
      'Campaign 11',
      'Campaign 10',
      'Campaign 1',
    ]);
    const none = (await get(`${API}/search_campaigns?query=zzz`)).json();
    expect(none).toEqual({ lists: [] });
  });

  it('treats % and _ as plain text, and an empty query answers the newest ones', async () => {
    expect((await get(`${API}/search_campaigns?query=%25`)).json()).toEqual({ lists: [] });
    expect((await get(`${API}/search_campaigns?query=_`)).json()).toEqual({ lists: [] });
    const all = (await get(`${API}/search_campaigns?query=`)).json<{ lists: TCampaign[] }>();
    expect(all.lists.map((c) => c.ID)).toEqual([...ids].reverse());
    const long = await get(`${API}/search_campaigns?query=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });
});

describe('select_campaign and rename_campaign', () => {
  it('select_campaign toggles the selection', async () => {
    const id = ids[0];
    const select = () => h.call('POST', `${API}/select_campaign`, { token: user.accessToken, body: { id } });
    expect((await select()).json()).toEqual({
      message: CAMPAIGN_MESSAGES.campaignSelected,
      IsSelected: true,
    });
    const all = (await get(`${API}/search_campaigns?query=`)).json<{ lists: TCampaign[] }>();
    expect(all.lists.find((c) => c.ID === id)?.IsSelected).toBe(true);
    expect((await select()).json()).toEqual({
      message: CAMPAIGN_MESSAGES.campaignUnselected,
      IsSelected: false,
    });
  });

  it('rename_campaign renames (trimmed) and refuses an empty or too long name', async () => {
    const id = ids[1];
    const rename = (name: unknown) =>
      h.call('PUT', `${API}/rename_campaign`, { token: user.accessToken, body: { id, name } });
    const renamed = await rename('  Summer push  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ message: 'Campaign Renamed' });
    const found = (await get(`${API}/search_campaigns?query=summer`)).json<{ lists: TCampaign[] }>();
    expect(found.lists.map((c) => [c.ID, c['Campaign List']])).toEqual([[id, 'Summer push']]);
    for (const name of ['', '   ', undefined]) {
      const refused = await rename(name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'validation_error', message: CAMPAIGN_MESSAGES.giveName });
    }
    expect((await rename('x'.repeat(101))).statusCode).toBe(400);
    const missing = await h.call('PUT', `${API}/rename_campaign`, {
      token: user.accessToken,
      body: { id: 99_999_999, name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: CAMPAIGN_MESSAGES.campaignNotFound });
  });
});

describe('OpenAPI', () => {
  it('documents every campaign call with its error answers', async () => {
    const docs = await h.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    type Doc = {
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    };
    const { paths } = docs.json<Doc>();
    const calls = [
      ['get', 'fetch_campaigns'],
      ['get', 'search_campaigns'],
      ['post', 'select_campaign'],
      ['post', 'create_campaign'],
      ['get', 'campaign_lead_count'],
      ['get', 'get_campaign_leads'],
      ['put', 'rename_campaign'],
      ['put', 'select_campaign_lead'],
      ['get', 'campaign_lead'],
      ['put', 'update_lead_messages'],
      ['put', 'approve_lead_message'],
      ['put', 'skip_lead_message'],
      ['put', 'approve_all_messages'],
      ['put', 'launch_campaign'],
      ['put', 'pause_campaign'],
    ] as const;
    for (const [method, call] of calls) {
      const operation = paths[`/api/linkedinAI/${call}`]?.[method];
      expect(operation?.tags, call).toEqual(['campaigns']);
      expect(Object.keys(operation?.responses ?? {}), call).toEqual(expect.arrayContaining(['200', '404']));
    }
    const create = paths['/api/linkedinAI/create_campaign']?.post?.responses ?? {};
    expect(Object.keys(create)).toEqual(expect.arrayContaining(['402', '409']));
    expect(JSON.stringify(create['409'])).toContain('expired');
  });
});
