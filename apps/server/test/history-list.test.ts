import { HISTORY_MESSAGES, type THistoryResponse } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prompts } from '../src/db/schema';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;
const ids: Record<string, number> = {};

const page = async (query: string, user: SeededUser = owner): Promise<THistoryResponse> => {
  const response = await h.call('GET', `/api/history${query}`, { token: user.accessToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  h = await startHarness({ engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  const [prompt] = await h.deps.db
    .insert(prompts)
    .values({
      purpose: 'linkedin_post',
      name: 'History test prompt',
      text: 'Write about {topic}',
      variables: ['topic'],
    })
    .returning();
  const base = Date.parse('2026-03-01T10:00:00.000Z');
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  ids.blog = (
    await seedContentItem(h, owner.user.id, {
      kind: 'blog',
      title: 'Ten ways to grow 100% faster',
      body: `<h2>Why</h2><p>Because &amp; so on.</p>${'<p>More words here.</p>'.repeat(200)}`,
      writer: 'llm',
      model: 'gpt-4o-mini',
      createdAt: at(1),
    })
  ).id;
  ids.post = (
    await seedContentItem(h, owner.user.id, {
      kind: 'linkedin_post',
      title: 'Growth is a habit',
      body: 'Growth is a habit.\n\nShip small things daily.\n\n#growth',
      data: { status: 'published', hook: 'Growth is a habit.', hashtags: ['#growth'] },
      promptId: prompt?.id ?? null,
      promptVersion: 1,
      createdAt: at(2),
    })
  ).id;
  ids.topic = (
    await seedContentItem(h, owner.user.id, {
      kind: 'blog_topic',
      title: 'Pricing_pages that convert',
      createdAt: at(3),
    })
  ).id;
  ids.generating = (
    await seedContentItem(h, owner.user.id, {
      kind: 'blog',
      title: 'Still writing',
      status: 'generating',
      progress: 40,
      body: '',
      createdAt: at(4),
    })
  ).id;
  // Two items in the same instant: the id orders them, and paging neither skips nor repeats one.
  const same = at(5);
  ids.twinA = (
    await seedContentItem(h, owner.user.id, { kind: 'linkedin_post', title: 'Twin A', createdAt: same })
  ).id;
  ids.twinB = (
    await seedContentItem(h, owner.user.id, { kind: 'linkedin_post', title: 'Twin B', createdAt: same })
  ).id;
  ids.foreign = (
    await seedContentItem(h, stranger.user.id, { kind: 'blog', title: 'Ten ways of the stranger' })
  ).id;
});
afterAll(() => h.close());

describe('GET /api/history', () => {
  it('lists every kind, newest first, with the writer, the model and the prompt', async () => {
    const { items, next_cursor } = await page('');
    expect(items.map((item) => item.id)).toEqual([
      ids.twinB,
      ids.twinA,
      ids.generating,
      ids.topic,
      ids.post,
      ids.blog,
    ]);
    expect(next_cursor).toBeNull();
    const blog = items.find((item) => item.id === ids.blog);
    expect(blog).toMatchObject({
      kind: 'blog',
      writer: 'llm',
      model: 'gpt-4o-mini',
      prompt: null,
      status: 'ready',
    });
    expect(blog?.excerpt.startsWith('Why Because & so on. More words here.')).toBe(true);
    expect(blog?.excerpt.length).toBeLessThanOrEqual(200);
    const post = items.find((item) => item.id === ids.post);
    expect(post).toMatchObject({
      writer: 'offline',
      model: null,
      prompt: { name: 'History test prompt', version: 1 },
    });
  });

  it('pages with the cursor, without skipping or repeating items made in the same instant', async () => {
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const result: THistoryResponse = await page(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.items.map((item) => item.id));
      cursor = result.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(6);
    expect(seen).toEqual([ids.twinB, ids.twinA, ids.generating, ids.topic, ids.post, ids.blog]);
  });

  it('filters by kind', async () => {
    const { items } = await page('?kind=linkedin_post');
    expect(items.map((item) => item.id)).toEqual([ids.twinB, ids.twinA, ids.post]);
    const second = await page(`?kind=linkedin_post&limit=2`);
    const rest = await page(`?kind=linkedin_post&limit=2&cursor=${second.next_cursor}`);
    expect(rest.items.map((item) => item.id)).toEqual([ids.post]);
    expect(rest.next_cursor).toBeNull();
  });

  it('searches titles in any letter case, taking % and _ as letters', async () => {
    expect((await page('?q=TEN%20WAYS')).items.map((item) => item.id)).toEqual([ids.blog]);
    expect((await page('?q=100%25')).items.map((item) => item.id)).toEqual([ids.blog]);
    expect((await page('?q=ing_pages')).items.map((item) => item.id)).toEqual([ids.topic]);
    expect((await page('?q=%25')).items.map((item) => item.id)).toEqual([ids.blog]);
    expect((await page('?q=nothing%20like%20this')).items).toEqual([]);
    expect((await page('?q=twin&kind=linkedin_post&limit=1')).items.map((item) => item.id)).toEqual([
      ids.twinB,
    ]);
  });

  it("never shows another user's items", async () => {
    const { items } = await page('', stranger);
    expect(items.map((item) => item.id)).toEqual([ids.foreign]);
    expect((await page('?q=ten%20ways')).items.map((item) => item.id)).toEqual([ids.blog]);
  });

  it('refuses a bad kind, a bad cursor and an oversize search with a 400', async () => {
    for (const query of [
      '?kind=video',
      '?cursor=not-a-cursor',
      `?q=${'a'.repeat(201)}`,
      '?limit=0',
      '?limit=51',
    ]) {
      const response = await h.call('GET', `/api/history${query}`, { token: owner.accessToken });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    const forged = Buffer.from(JSON.stringify(["2026-01-01'; drop table users; --", 1])).toString(
      'base64url',
    );
    const response = await h.call('GET', `/api/history?cursor=${forged}`, { token: owner.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(HISTORY_MESSAGES.badCursor);
  });

  it('asks for sign-in', async () => {
    expect((await h.call('GET', '/api/history')).statusCode).toBe(401);
  });
});
