import { HISTORY_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
});
afterAll(() => h.close());

const rowOf = async (id: number) =>
  (await h.deps.db.select().from(contentItems).where(eq(contentItems.id, id)))[0];

describe('POST /api/history/:id/duplicate', () => {
  it('copies a finished item, naming the original as its source, with no tokens', async () => {
    const original = await seedContentItem(h, owner.user.id, {
      kind: 'linkedin_post',
      title: 'Hook line',
      body: 'Hook line\n\nBody.\n\n#one',
      data: { status: 'published', hook: 'Hook line', hashtags: ['#one'] },
      writer: 'llm',
      model: 'gpt-4o-mini',
      inputIds: [7],
      promptTokens: 120,
      completionTokens: 80,
    });
    const response = await h.call('POST', `/api/history/${original.id}/duplicate`, {
      token: owner.accessToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { message, item } = response.json();
    expect(message).toBe(HISTORY_MESSAGES.duplicated);
    expect(item).toMatchObject({
      kind: 'linkedin_post',
      title: 'Hook line (copy)',
      source_id: original.id,
      source_title: 'Hook line',
      writer: 'llm',
      model: 'gpt-4o-mini',
    });
    const copy = await rowOf(item.id);
    expect(copy).toMatchObject({
      userId: owner.user.id,
      body: original.body,
      status: 'ready',
      sourceId: original.id,
      inputIds: [7],
      promptTokens: 0,
      completionTokens: 0,
    });
    // A copy of a published post is a draft to publish again.
    expect(copy?.data).toEqual({ status: 'draft', hook: 'Hook line', hashtags: ['#one'] });
    const list = (await h.call('GET', '/api/history', { token: owner.accessToken })).json();
    expect(list.items[0].id).toBe(item.id);
  });

  it('refuses an item still being written, or failed, with a 409', async () => {
    for (const status of ['generating', 'failed'] as const) {
      const item = await seedContentItem(h, owner.user.id, { status, body: '' });
      const response = await h.call('POST', `/api/history/${item.id}/duplicate`, {
        token: owner.accessToken,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(HISTORY_MESSAGES.notReady);
    }
  });

  it("answers 404 for another user's item and an unknown id, copying nothing", async () => {
    const foreign = await seedContentItem(h, stranger.user.id, { title: 'Not yours' });
    for (const id of [foreign.id, 999_999_999]) {
      const response = await h.call('POST', `/api/history/${id}/duplicate`, { token: owner.accessToken });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: HISTORY_MESSAGES.itemNotFound });
    }
    const strangers = await h.deps.db
      .select()
      .from(contentItems)
      .where(eq(contentItems.userId, stranger.user.id));
    expect(strangers).toHaveLength(1);
  });

  it('refuses an id that is not a number', async () => {
    const response = await h.call('POST', '/api/history/abc/duplicate', { token: owner.accessToken });
    expect(response.statusCode).toBe(400);
  });
});

describe('DELETE /api/history/:id', () => {
  it('deletes an item of any kind; what was made from it stays', async () => {
    const blog = await seedContentItem(h, owner.user.id, { kind: 'blog', title: 'Source blog' });
    const post = await seedContentItem(h, owner.user.id, { kind: 'linkedin_post', sourceId: blog.id });
    const response = await h.call('DELETE', `/api/history/${blog.id}`, { token: owner.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: HISTORY_MESSAGES.deleted });
    expect(await rowOf(blog.id)).toBeUndefined();
    expect(await rowOf(post.id)).toMatchObject({ sourceId: blog.id });
    // History no longer names a source that is gone.
    const listed = (await h.call('GET', '/api/history', { token: owner.accessToken })).json();
    expect(listed.items.find((item: { id: number }) => item.id === post.id)).toMatchObject({
      source_id: blog.id,
      source_title: null,
    });
    const again = await h.call('DELETE', `/api/history/${blog.id}`, { token: owner.accessToken });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's item and leaves it", async () => {
    const foreign = await seedContentItem(h, stranger.user.id);
    const response = await h.call('DELETE', `/api/history/${foreign.id}`, { token: owner.accessToken });
    expect(response.statusCode).toBe(404);
    expect(await rowOf(foreign.id)).toBeDefined();
  });
});
