import { LINKEDIN_POST_MAX, LINKEDIN_POST_MESSAGES, type TLinkedinPost } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream } from './support/sse-client';

let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;
let posts: TLinkedinPost[];

/** No LLM_BASE_URL: the offline writer writes, streams and labels itself as such. */
beforeAll(async () => {
  h = await startHarness({ engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  const base = await listen(h);
  const result = await postStream(base, '/api/linkedin-posts/generate', {
    token: owner.accessToken,
    body: { source: { type: 'topic', topic: 'Weekly planning for founders' }, variants: 3 },
  });
  expect(result.events[0]).toEqual({ event: 'start', data: { variants: 3, writer: 'offline', model: null } });
  expect(result.events.filter((event) => event.event === 'delta').length).toBeGreaterThan(3);
  const done = result.events.at(-1)?.data as { variants: { text: string }[]; generation: string };
  // Every variant kept, the last first: the list (newest first) then reads in the writer's order.
  const kept: TLinkedinPost[] = [];
  for (const variant of [2, 1, 0]) {
    const response = await h.call('POST', '/api/linkedin-posts', {
      token: owner.accessToken,
      body: { generation: done.generation, variant, text: done.variants[variant]?.text },
    });
    expect(response.statusCode, response.body).toBe(201);
    kept[variant] = response.json<TLinkedinPost>();
  }
  posts = kept;
});
afterAll(() => h.close());

const as = (user: SeededUser, method: 'GET' | 'PUT' | 'DELETE', url: string, body?: object) =>
  h.call(method, url, { token: user.accessToken, ...(body ? { body } : {}) });

describe('the offline writer', () => {
  it('writes three different drafts, within 3,000 characters, with no tokens', () => {
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((post) => post.text)).size).toBe(3);
    for (const post of posts) {
      expect(post).toMatchObject({ writer: 'offline', model: null, status: 'draft', prompt_tokens: 0 });
      expect(post.characters).toBe(post.text.length);
      expect(post.characters).toBeLessThanOrEqual(LINKEDIN_POST_MAX);
      expect(post.text.startsWith(post.hook)).toBe(true);
    }
  });
});

describe('list and get', () => {
  it('pages the posts newest first (variants in their order), and says which writer new posts get', async () => {
    const first = (await as(owner, 'GET', '/api/linkedin-posts?page=1&limit=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, writer: 'offline' });
    expect(first.posts.map((post: TLinkedinPost) => post.id)).toEqual([posts[0]?.id, posts[1]?.id]);
    const second = (await as(owner, 'GET', '/api/linkedin-posts?page=2&limit=2')).json();
    expect(second.posts.map((post: TLinkedinPost) => post.id)).toEqual([posts[2]?.id]);
    const one = await as(owner, 'GET', `/api/linkedin-posts/${posts[0]?.id}`);
    expect(one.json()).toEqual(posts[0]);
  });

  it('lists only LinkedIn posts, never a blog post or another user’s post', async () => {
    const blog = await seedContentItem(h, owner.user.id, { kind: 'blog' });
    expect((await as(owner, 'GET', `/api/linkedin-posts/${blog.id}`)).statusCode).toBe(404);
    expect((await as(stranger, 'GET', `/api/linkedin-posts/${posts[0]?.id}`)).statusCode).toBe(404);
    expect((await as(stranger, 'GET', '/api/linkedin-posts')).json()).toMatchObject({ posts: [], total: 0 });
    expect((await as(owner, 'GET', '/api/linkedin-posts?page=0')).statusCode).toBe(400);
    expect((await as(owner, 'GET', '/api/linkedin-posts?limit=51')).statusCode).toBe(400);
  });
});

describe('PUT /api/linkedin-posts/:id', () => {
  it('saves an edit of exactly 3,000 characters, reading the hook and hashtags back from the text', async () => {
    const head = 'A new hook line\n\nBody text #Growth and #sales.\n\n';
    const text = head + 'x'.repeat(LINKEDIN_POST_MAX - head.length);
    const response = await as(owner, 'PUT', `/api/linkedin-posts/${posts[0]?.id}`, { text });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      text,
      characters: LINKEDIN_POST_MAX,
      hook: 'A new hook line',
      hashtags: ['#Growth', '#sales'],
    });
    const [row] = await h.deps.db
      .select()
      .from(contentItems)
      .where(eq(contentItems.id, posts[0]?.id ?? 0));
    expect(row?.title).toBe('A new hook line');
    expect(row?.data).toMatchObject({ status: 'draft', hook: 'A new hook line' });
  });

  it('refuses 3,001 characters and an empty text, keeping the post as it was', async () => {
    const before = (await as(owner, 'GET', `/api/linkedin-posts/${posts[1]?.id}`)).json();
    for (const [text, message] of [
      ['y'.repeat(LINKEDIN_POST_MAX + 1), LINKEDIN_POST_MESSAGES.tooLong],
      ['   \n ', LINKEDIN_POST_MESSAGES.textRequired],
    ] as const) {
      const response = await as(owner, 'PUT', `/api/linkedin-posts/${posts[1]?.id}`, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'validation_error', message });
    }
    expect((await as(owner, 'GET', `/api/linkedin-posts/${posts[1]?.id}`)).json()).toEqual(before);
  });

  it("answers 404 for another user's post", async () => {
    const response = await as(stranger, 'PUT', `/api/linkedin-posts/${posts[1]?.id}`, { text: 'Mine now' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(LINKEDIN_POST_MESSAGES.postNotFound);
  });
});

describe('DELETE /api/linkedin-posts/:id', () => {
  it("deletes the caller's post; another user's answers 404", async () => {
    expect((await as(stranger, 'DELETE', `/api/linkedin-posts/${posts[2]?.id}`)).statusCode).toBe(404);
    const response = await as(owner, 'DELETE', `/api/linkedin-posts/${posts[2]?.id}`);
    expect(response.json()).toEqual({ message: LINKEDIN_POST_MESSAGES.deleted });
    expect((await as(owner, 'GET', `/api/linkedin-posts/${posts[2]?.id}`)).statusCode).toBe(404);
    expect((await as(owner, 'DELETE', `/api/linkedin-posts/${posts[2]?.id}`)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the LinkedIn post and History calls', async () => {
    const response = await h.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { summary?: string }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/linkedin-posts/generate',
        '/api/linkedin-posts',
        '/api/linkedin-posts/{id}',
        '/api/history',
        '/api/history/{id}/duplicate',
        '/api/history/{id}',
      ]),
    );
    expect(paths['/api/linkedin-posts/generate']?.post?.summary).toContain('server-sent events');
    expect(paths['/api/linkedin-posts']?.post?.summary).toContain('Keep one variant');
  });
});
