import { BLOG_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { writeBlogPost } from '../src/modules/blogs/write-blog-post';
import { getBlog, unitsUsed, waitFor, withWebsite } from './support/blog-factories';
import { type ScriptedWriter, scriptedWriter } from './support/blog-writer';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let writer: ScriptedWriter;
let user: SeededUser;
beforeAll(async () => {
  writer = scriptedWriter('llm');
  h = await startHarness({ engine: false, deps: { content: writer } });
  user = await seedUser(h);
  await withWebsite(h, user.user.id);
});
afterAll(() => h.close());
beforeEach(() => {
  writer.failing.clear();
  writer.release();
});

const generate = (body: object, as = user) => h.call('POST', '/api/blogs', { token: as.accessToken, body });

const itemRow = async (id: number) => {
  const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, id));
  return row;
};

describe('write a blog post in the background', () => {
  it('answers the generating post at once, shows the job progress, ends ready with a sanitised body', async () => {
    writer.hold();
    const before = await unitsUsed(h, user.user.id, 'blogs');
    const response = await generate({
      topic: 'CRM for small teams',
      keywords: ['crm', 'sales'],
      length: 'short',
    });
    expect(response.statusCode).toBe(202);
    const { blog } = response.json();
    expect(blog).toMatchObject({
      status: 'generating',
      progress: 0,
      topic: 'CRM for small teams',
      body_html: '',
    });
    expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(before + 1);

    // The writer reported 40 % and waits: the row shows it while generating.
    await waitFor(async () => (await getBlog(h, user, blog.id)).progress === 40, 15_000, 'progress 40');
    expect((await getBlog(h, user, blog.id)).status).toBe('generating');
    writer.release();

    await waitFor(async () => (await getBlog(h, user, blog.id)).status === 'ready', 15_000, 'ready');
    const ready = await getBlog(h, user, blog.id);
    expect(ready).toMatchObject({
      progress: 100,
      title: 'All about CRM for small teams',
      slug: 'all-about-crm-for-small-teams',
      keywords: ['crm', 'sales'],
      keywords_used: ['crm', 'sales'],
      length: 'short',
      writer: 'llm',
      model: 'stand-in-model',
      prompt_tokens: 120,
      completion_tokens: 480,
      error: null,
    });
    expect(ready.meta_description.length).toBeLessThanOrEqual(160);
    // Sections joined under their <h2>; the image with onerror, the javascript: link and the script are gone.
    expect(ready.body_html).toBe(
      '<h2>Why it matters</h2><p>Hello  world <a rel="noopener noreferrer nofollow">link</a></p>' +
        '<h2>How to start</h2><p>Start <strong>small</strong>.</p><ul><li>One</li></ul>',
    );
    expect(ready.sections).toEqual([
      { index: 0, heading: 'Why it matters' },
      { index: 1, heading: 'How to start' },
    ]);
    // The post was written from the blog_post prompt with the request's topic, keywords and length.
    const call = writer.calls.filter((c) => c.method === 'writeBlogPost').at(-1);
    expect(call?.request).toEqual({
      topic: 'CRM for small teams',
      keywords: ['crm', 'sales'],
      length: 'short',
    });
    expect(call?.context.itemId).toBe(blog.id);
  });

  it('a failed attempt lets go and is retried; the last one fails the post, keeps no text, gives the unit back', async () => {
    const response = await generate({ topic: 'Doomed post' });
    const { blog } = response.json();
    await waitFor(
      async () => (await getBlog(h, user, blog.id)).status === 'ready',
      15_000,
      'first post ready',
    );
    // A second post, written by hand as the queue would, with the writer failing.
    await h.deps.db
      .update(contentItems)
      .set({ status: 'generating', progress: 0, body: '' })
      .where(eq(contentItems.id, blog.id));
    writer.failing.add('writeBlogPost');
    const before = await unitsUsed(h, user.user.id, 'blogs');
    await expect(writeBlogPost(h.deps, blog.id, { lastAttempt: false })).rejects.toThrow('model unavailable');
    const retried = await itemRow(blog.id);
    expect(retried?.status).toBe('generating');
    expect((retried?.data as { run?: string } | undefined)?.run).toBeUndefined();
    await writeBlogPost(h.deps, blog.id, { lastAttempt: true });
    const failed = await getBlog(h, user, blog.id);
    expect(failed).toMatchObject({
      status: 'failed',
      body_html: '',
      error: BLOG_MESSAGES.postFailed,
      progress: 0,
    });
    expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(before - 1);
    // A job that runs again after the end changes nothing (and gives nothing back twice).
    await writeBlogPost(h.deps, blog.id, { lastAttempt: true });
    expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(before - 1);
  });

  it('deleting a post while it is written stops the job and gives the unit back', async () => {
    writer.hold();
    const before = await unitsUsed(h, user.user.id, 'blogs');
    const { blog } = (await generate({ topic: 'Cancelled post' })).json();
    await waitFor(async () => (await getBlog(h, user, blog.id)).progress === 40, 15_000, 'progress 40');
    const deleted = await h.call('DELETE', `/api/blogs/${blog.id}`, { token: user.accessToken });
    expect(deleted.json()).toEqual({ message: BLOG_MESSAGES.deleted });
    writer.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await itemRow(blog.id)).toBeUndefined();
    expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(before);
  });

  it('deleting a post from History while it is written gives the unit back too', async () => {
    writer.hold();
    const before = await unitsUsed(h, user.user.id, 'blogs');
    const { blog } = (await generate({ topic: 'Cancelled from History' })).json();
    await waitFor(async () => (await getBlog(h, user, blog.id)).progress === 40, 15_000, 'progress 40');
    const deleted = await h.call('DELETE', `/api/history/${blog.id}`, { token: user.accessToken });
    expect(deleted.statusCode).toBe(200);
    writer.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await itemRow(blog.id)).toBeUndefined();
    expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(before);
  });

  it.each([
    [{ topic: '' }, BLOG_MESSAGES.topicRequired],
    [{ topic: '   ' }, BLOG_MESSAGES.topicRequired],
    [{ topic: `${'x'.repeat(196)} long` }, BLOG_MESSAGES.topicTooLong],
    [{ topic: 'ok', keywords: ['x'.repeat(61)] }, BLOG_MESSAGES.keywordTooLong],
    [{ topic: 'ok', keywords: [''] }, BLOG_MESSAGES.keywordEmpty],
    [{ topic: 'ok', length: 'epic' }, 'length must be one of: short, medium, long'],
    [{ topic: 'ok', input_ids: [1, 2, 3, 4, 5, 6] }, BLOG_MESSAGES.tooManyInputs],
    [{}, 'topic is required'],
  ])('refuses %j with a clear 400 and counts nothing', async (body, message) => {
    const before = await unitsUsed(h, user.user.id, 'blogs');
    const response = await generate(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
    expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(before);
  });
});
