import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leads, lists } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { createListPagesCache } from '../src/lib/core/list-pages-cache';
import { seedList } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

// Pages of all_lists and all_leads are kept per user (src/lib/core/list-pages-cache.ts). Each case
// first proves the page is served from the cache, then changes the user's lists or leads (through the
// app, or by plain SQL as any other code would) and expects the very next request to show the change.
const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
let h: Harness;
let other: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock } });
  // A second app on the same database, as a second API process would be.
  other = await startHarness({ deps: { clock }, role: 'api', database: h.database });
});
afterAll(async () => {
  await other.close();
  await h.close();
});

const LISTS_KEY = 'all_lists:0:10';
const LEADS_KEY = 'all_leads:0:10';
type ListsAnswer = {
  lists: { id: number; name: string; status: string; leadcount: number }[];
  total: number;
};
type LeadsAnswer = { leads: { id: number; Name: string; isSelected: boolean }[]; total: number };

const allLists = async (app: Harness, user: SeededUser): Promise<ListsAnswer> => {
  const res = await app.call('GET', '/api/linkedinAI/all_lists?page=0&limit=10', { token: user.accessToken });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json();
};
const allLeads = async (app: Harness, user: SeededUser): Promise<LeadsAnswer> => {
  const res = await app.call('GET', '/api/linkedinAI/all_leads?page=0&row=10', { token: user.accessToken });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/**
 * Asks until the page is kept, then checks the kept page is what the database answered. On PostgreSQL
 * a change's notification also comes later over the process's other connections, and a read it overlaps
 * is not kept, so right after a change keeping may take another call.
 */
const kept = async <T>(app: Harness, user: SeededUser, key: string, ask: () => Promise<T>): Promise<T> => {
  const first = await vi.waitFor(async () => {
    const answer = await ask();
    expect(app.deps.listPages.has(user.user.id, key)).toBe(true);
    return answer;
  });
  expect(await ask()).toEqual(first);
  return first;
};
const keptLists = (app: Harness, user: SeededUser) => kept(app, user, LISTS_KEY, () => allLists(app, user));
const keptLeads = (app: Harness, user: SeededUser) => kept(app, user, LEADS_KEY, () => allLeads(app, user));

describe('the list pages cache', () => {
  it('keeps a page per user: a change to one user leaves the others kept', async () => {
    const [a, b] = [await seedUser(h), await seedUser(h)];
    await seedList(h, a.user.id, { name: 'Alpha', count: 3 });
    await seedList(h, b.user.id, { name: 'Beta', count: 2 });
    expect((await keptLists(h, a)).lists.map((list) => list.name)).toEqual(['Alpha']);
    expect((await keptLists(h, b)).lists.map((list) => list.name)).toEqual(['Beta']);
    await seedList(h, a.user.id, { name: 'Alpha 2' });
    expect(h.deps.listPages.has(a.user.id, LISTS_KEY)).toBe(false);
    expect(h.deps.listPages.has(b.user.id, LISTS_KEY)).toBe(true);
    expect((await allLists(h, a)).lists.map((list) => list.name)).toEqual(['Alpha 2', 'Alpha']);
  });

  it('a rename through the app shows on the next request', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Before' });
    await keptLists(h, user);
    const res = await h.call('PUT', '/api/linkedinAI/rename_list', {
      token: user.accessToken,
      body: { id: list.id, new_name: 'After' },
    });
    expect(res.statusCode).toBe(200);
    expect((await allLists(h, user)).lists[0]?.name).toBe('After');
  });

  it('a list changed by plain SQL shows on the very next request of the same process', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Plain', count: 4 });
    await keptLists(h, user);
    // No waiting: the change's own connection brings the notification before the UPDATE resolves.
    await h.deps.db.update(lists).set({ status: 'in_campaign' }).where(eq(lists.id, list.id));
    expect((await allLists(h, user)).lists[0]?.status).toBe('In a campaign');
    await h.deps.db.delete(lists).where(eq(lists.id, list.id));
    expect(await allLists(h, user)).toEqual({ lists: [], total: 0 });
  });

  it('all_leads shows a selection, new leads and deleted leads on the next request', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { count: 3 });
    const before = await keptLeads(h, user);
    expect(before.total).toBe(3);
    const newest = before.leads[0];
    if (!newest) throw new Error('no lead');
    const selected = await h.call('POST', '/api/linkedinAI/select_people', {
      token: user.accessToken,
      body: { id: newest.id },
    });
    expect(selected.statusCode).toBe(200);
    expect((await allLeads(h, user)).leads[0]?.isSelected).toBe(!newest.isSelected);

    await keptLeads(h, user);
    // Leads written by a statement of many rows (as an import batch writes them): one notification.
    await seedList(h, user.user.id, { count: 2 });
    const grown = await allLeads(h, user);
    expect(grown.total).toBe(5);
    expect(grown.leads).toHaveLength(5);

    await keptLeads(h, user);
    await h.deps.db.delete(leads).where(and(eq(leads.userId, user.user.id), eq(leads.listId, list.id)));
    expect((await allLeads(h, user)).leads).toHaveLength(2);

    await keptLeads(h, user);
    await h.deps.db.execute(sql`UPDATE leads SET name = 'Renamed' WHERE user_id = ${user.user.id}::uuid`);
    expect((await allLeads(h, user)).leads.map((lead) => lead.Name)).toEqual(['Renamed', 'Renamed']);
  });

  it('does not keep a page that shows an import, whose heartbeat may stop', async () => {
    const user = await seedUser(h);
    const importing = await seedList(h, user.user.id, { status: 'importing' });
    await allLists(h, user);
    expect(h.deps.listPages.has(user.user.id, LISTS_KEY)).toBe(false);
    await h.deps.db.update(lists).set({ status: 'ready' }).where(eq(lists.id, importing.id));
    await keptLists(h, user);
  });

  it("another process's change reaches this process's cache", async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Shared', count: 1 });
    await keptLists(h, user);
    await keptLists(other, user);
    await keptLeads(other, user);
    const res = await h.call('PUT', '/api/linkedinAI/rename_list', {
      token: user.accessToken,
      body: { id: list.id, new_name: 'Shared, renamed' },
    });
    expect(res.statusCode).toBe(200);
    // On PostgreSQL the notification comes over the other process's connections after commit.
    await vi.waitFor(() => expect(other.deps.listPages.has(user.user.id, LISTS_KEY)).toBe(false));
    expect(other.deps.listPages.has(user.user.id, LEADS_KEY)).toBe(false);
    expect((await allLists(other, user)).lists[0]?.name).toBe('Shared, renamed');
  });
});

describe('the list pages cache on its own', () => {
  const listening = async (options: { now?: () => number; maxChars?: number }) => {
    const cache = createListPagesCache(options);
    await cache.listen({
      listen: async (_channel, listener) => {
        listener.onLive(true);
        return async () => listener.onLive(false);
      },
    });
    return cache;
  };
  const page = (json: string) => async () => ({ json, keep: true });

  it('stays within its size, dropping the users read longest ago first', async () => {
    const cache = await listening({ maxChars: 30 });
    await cache.answer('a', 'p', page('a'.repeat(10)));
    await cache.answer('b', 'p', page('b'.repeat(10)));
    // Reading a makes b the one read longest ago.
    expect(await cache.answer('a', 'p', page('not read'))).toBe('a'.repeat(10));
    await cache.answer('c', 'p', page('c'.repeat(15)));
    expect(cache.has('a', 'p')).toBe(true);
    expect(cache.has('b', 'p')).toBe(false);
    expect(cache.has('c', 'p')).toBe(true);
    // Larger than the whole cache: answered, never kept.
    expect(await cache.answer('d', 'p', page('d'.repeat(31)))).toBe('d'.repeat(31));
    expect(cache.has('d', 'p')).toBe(false);
    expect(cache.has('a', 'p')).toBe(true);
  });

  it('keeps nothing past its time limit, nor when told not to, nor when not listening', async () => {
    let time = 0;
    const cache = await listening({ now: () => time });
    await cache.answer('a', 'p', page('x'));
    time += 30_000;
    expect(cache.has('a', 'p')).toBe(false);
    await cache.answer('a', 'p', async () => ({ json: 'y', keep: false }));
    expect(cache.has('a', 'p')).toBe(false);
    const idle = createListPagesCache();
    await idle.answer('a', 'p', page('x'));
    expect(idle.has('a', 'p')).toBe(false);
  });

  it('remembers a user’s page facts past their 32 pages, until the user changes or time runs out', async () => {
    let time = 0;
    const cache = await listening({ now: () => time });
    let reads = 0;
    const total = (value: number) => async () => {
      reads += 1;
      return value;
    };
    expect(await cache.remember('a', 'lead_total', total(5))).toBe(5);
    // Many pages later the fact is still kept: it is not one of the pages.
    for (let i = 0; i < 40; i++) await cache.answer('a', `p${i}`, page('x'));
    expect(await cache.remember('a', 'lead_total', total(6))).toBe(5);
    expect(reads).toBe(1);
    // Another user's change leaves it; the user's own change drops it.
    cache.forgetUser('b');
    expect(await cache.remember('a', 'lead_total', total(6))).toBe(5);
    cache.forgetUser('a');
    expect(await cache.remember('a', 'lead_total', total(7))).toBe(7);
    // A change while it is read: answered, not kept.
    let release = () => {};
    const slow = cache.remember(
      'a',
      'anchors',
      () => new Promise<number>((resolve) => (release = () => resolve(1))),
    );
    await Promise.resolve();
    cache.forgetUser('a');
    release();
    expect(await slow).toBe(1);
    expect(await cache.remember('a', 'anchors', total(2))).toBe(2);
    // Past its time limit it is read again.
    time += 30_000;
    expect(await cache.remember('a', 'anchors', total(3))).toBe(3);
    // Not listening: never kept.
    const idle = createListPagesCache();
    await idle.remember('a', 'lead_total', total(8));
    expect(await idle.remember('a', 'lead_total', total(9))).toBe(9);
  });
});

describe('verified access tokens', () => {
  it('a token verified once still expires on time', async () => {
    const user = await seedUser(h);
    expect((await h.call('GET', '/api/me', { token: user.accessToken })).statusCode).toBe(200);
    clock.advance(h.config.accessTokenTtlSeconds * 1000 - 1000);
    expect((await h.call('GET', '/api/me', { token: user.accessToken })).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await h.call('GET', '/api/me', { token: user.accessToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('token_expired');
  });

  it('an altered token is refused although the original was verified', async () => {
    const user = await seedUser(h);
    expect((await h.call('GET', '/api/me', { token: user.accessToken })).statusCode).toBe(200);
    const [header, payload, signature = ''] = user.accessToken.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const altered = await h.call('GET', '/api/me', { token: `${header}.${payload}.${flipped}` });
    expect(altered.statusCode).toBe(401);
    expect(altered.json().error).toBe('invalid_token');
  });
});
