import { BLOG_MESSAGES, BLOGS_PAGE_SIZE } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { bodyOfSections } from '../src/modules/blogs/blog-html';
import { getBlog, unitsUsed, withWebsite } from './support/blog-factories';
import { type ScriptedWriter, scriptedWriter } from './support/blog-writer';
import { recordingJobs } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let writer: ScriptedWriter;
let owner: SeededUser;
let stranger: SeededUser;
let postId: number;
const START = Date.parse('2026-11-01T08:00:00Z');

beforeAll(async () => {
  writer = scriptedWriter('offline');
  h = await startHarness({ engine: false, deps: { content: writer, jobs: recordingJobs() } });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  await withWebsite(h, owner.user.id);
  // 20 ready posts, one minute apart (post 20 newest), and one of the stranger's.
  const rows = await h.deps.db
    .insert(contentItems)
    .values(
      Array.from({ length: 20 }, (_, index) => ({
        userId: owner.user.id,
        kind: 'blog' as const,
        status: 'ready' as const,
        title: `Post ${index + 1}`,
        body: bodyOfSections([
          { heading: 'Intro', html: `<p>Body of post ${index + 1}.</p>` },
          { heading: 'More', html: '<p>Second section.</p>' },
        ]),
        data: {
          topic: `Topic ${index + 1}`,
          keywords: [],
          length: 'short',
          planPeriod: '2026-11-01',
          slug: `post-${index + 1}`,
        },
        writer: 'offline' as const,
        createdAt: new Date(START + index * 60_000),
        updatedAt: new Date(START + index * 60_000),
      })),
    )
    .returning({ id: contentItems.id });
  postId = rows.at(-1)?.id ?? 0;
  await h.deps.db.insert(contentItems).values({
    userId: stranger.user.id,
    kind: 'blog',
    title: 'Not yours',
    data: { topic: 'x', keywords: [], length: 'short', planPeriod: '2026-11-01' },
    writer: 'offline',
  });
});
afterAll(() => h.close());

const page = (n: number, as = owner) => h.call('GET', `/api/blogs?page=${n}`, { token: as.accessToken });

describe('pages of 9 posts', () => {
  it('newest first, one-based, with the total and the writer', async () => {
    const first = (await page(1)).json();
    expect(first.page_size).toBe(BLOGS_PAGE_SIZE);
    expect(first.blogs.map((blog: { title: string }) => blog.title)).toEqual(
      Array.from({ length: 9 }, (_, index) => `Post ${20 - index}`),
    );
    expect(first).toMatchObject({ page: 1, total: 20, total_pages: 3, writer: 'offline', has_website: true });
    expect(first.blogs[0]).toMatchObject({
      excerpt: 'Intro Body of post 20. More Second section.',
      word_count: 8,
    });
    expect(first.blogs[0].body_html).toBeUndefined();
    const third = (await page(3)).json();
    expect(third.blogs.map((blog: { title: string }) => blog.title)).toEqual(['Post 2', 'Post 1']);
    expect((await page(4)).json().blogs).toEqual([]);
    expect((await page(1, stranger)).json()).toMatchObject({ total: 1, has_website: false });
  });

  it.each(['0', '-1', 'abc', '1.5'])('page=%s is a 400', async (value) => {
    const response = await h.call('GET', `/api/blogs?page=${value}`, { token: owner.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_error');
  });
});

describe("another user's post answers 404 everywhere", () => {
  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['DELETE', ''],
    ['POST', '/regenerate_section'],
  ] as const)('%s /api/blogs/:id%s', async (method, suffix) => {
    const response = await h.call(method, `/api/blogs/${postId}${suffix}`, {
      token: stranger.accessToken,
      ...(method === 'PUT' ? { body: { title: 'Mine now' } } : {}),
      ...(method === 'POST' ? { body: { section_index: 0 } } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: BLOG_MESSAGES.blogNotFound });
    expect((await getBlog(h, owner, postId)).title).toBe('Post 20');
  });

  it('an unknown id is a 404 too, a malformed one a 400', async () => {
    expect((await h.call('GET', '/api/blogs/999999', { token: owner.accessToken })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/blogs/abc', { token: owner.accessToken })).statusCode).toBe(400);
  });
});

describe('edit a post', () => {
  it('saves title, slug, meta description and a body stripped of anything that runs', async () => {
    const response = await h.call('PUT', `/api/blogs/${postId}`, {
      token: owner.accessToken,
      body: {
        title: 'Edited title',
        slug: 'edited-title',
        meta_description: 'm'.repeat(160),
        body_html:
          '<h2 onclick="x()">Intro</h2><p style="color:red">Safe <em>text</em><img src=x onerror="alert(1)"></p>' +
          '<script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
          '<p><a href="javascript:alert(1)">bad</a> <a href="https://ok.example">good</a></p><h1>Big</h1>',
      },
    });
    expect(response.statusCode).toBe(200);
    const { blog } = response.json();
    expect(blog).toMatchObject({
      title: 'Edited title',
      slug: 'edited-title',
      meta_description: 'm'.repeat(160),
    });
    expect(blog.body_html).toBe(
      '<h2>Intro</h2><p>Safe <em>text</em></p><p><a rel="noopener noreferrer nofollow">bad</a> ' +
        '<a href="https://ok.example" rel="noopener noreferrer nofollow">good</a></p><h2>Big</h2>',
    );
    const reloaded = await getBlog(h, owner, postId);
    expect(reloaded.body_html).toBe(blog.body_html);
    expect(reloaded.sections).toEqual([
      { index: 0, heading: 'Intro' },
      { index: 1, heading: 'Big' },
    ]);
  });

  it.each([
    ['an empty title', { title: '' }, BLOG_MESSAGES.titleRequired],
    ['a 201-character title', { title: 't'.repeat(201) }, BLOG_MESSAGES.titleTooLong],
    ['a slug with spaces and capitals', { slug: 'Not A Slug' }, BLOG_MESSAGES.slugInvalid],
    ['a slug with a double hyphen', { slug: 'a--b' }, BLOG_MESSAGES.slugInvalid],
    ['a 161-character meta description', { meta_description: 'm'.repeat(161) }, BLOG_MESSAGES.metaTooLong],
    ['a body over 200,000 characters', { body_html: 'x'.repeat(200_001) }, BLOG_MESSAGES.bodyTooLong],
    ['a field the editor does not own', { status: 'ready' }, 'unknown field(s): status'],
  ])('refuses %s with a clear 400', async (_label, body, message) => {
    const response = await h.call('PUT', `/api/blogs/${postId}`, { token: owner.accessToken, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });

  it('regenerates one section, keeping its heading and the editor body sent along; costs no unit', async () => {
    const response = await h.call('POST', `/api/blogs/${postId}/regenerate_section`, {
      token: owner.accessToken,
      body: {
        section_index: 1,
        instruction: 'shorter',
        body_html: '<h2>Intro</h2><p>Unsaved edit.</p><h2>Big</h2><p>Old text.</p>',
      },
    });
    expect(response.statusCode).toBe(200);
    const { blog } = response.json();
    expect(blog.body_html).toBe('<h2>Intro</h2><p>Unsaved edit.</p><h2>Big</h2><p>Rewritten: shorter</p>');
    expect(blog.completion_tokens).toBe(480);
    const call = writer.calls.at(-1);
    expect(call?.context.prompt).toBeDefined();
    expect(await unitsUsed(h, owner.user.id, 'blogs')).toBe(0);

    const missing = await h.call('POST', `/api/blogs/${postId}/regenerate_section`, {
      token: owner.accessToken,
      body: { section_index: 7 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'section_not_found', message: BLOG_MESSAGES.sectionNotFound });
  });

  it('a failed rewrite answers 502 and changes nothing', async () => {
    const before = await getBlog(h, owner, postId);
    writer.failing.add('rewriteSection');
    const response = await h.call('POST', `/api/blogs/${postId}/regenerate_section`, {
      token: owner.accessToken,
      body: { section_index: 0 },
    });
    writer.failing.clear();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'generation_failed', message: BLOG_MESSAGES.sectionFailed });
    expect((await getBlog(h, owner, postId)).body_html).toBe(before.body_html);
  });

  it('deletes a post', async () => {
    const { blogs } = (await page(3)).json();
    const victim = blogs[1].id;
    const response = await h.call('DELETE', `/api/blogs/${victim}`, { token: owner.accessToken });
    expect(response.json()).toEqual({ message: BLOG_MESSAGES.deleted });
    expect((await h.call('GET', `/api/blogs/${victim}`, { token: owner.accessToken })).statusCode).toBe(404);
    expect((await page(1)).json().total).toBe(19);
  });
});

describe('OpenAPI', () => {
  it('documents the blog calls with their bodies and refusals', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(paths['/api/blogs/topics']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '402', '502']),
    );
    expect(paths['/api/blogs/topics']?.get).toBeDefined();
    expect(Object.keys(paths['/api/blogs']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '402', '404']),
    );
    expect(paths['/api/blogs']?.get).toBeDefined();
    expect(paths['/api/blogs/{id}']?.put?.requestBody).toBeDefined();
    expect(paths['/api/blogs/{id}']?.delete).toBeDefined();
    expect(paths['/api/blogs/{id}/regenerate_section']?.post?.requestBody).toBeDefined();
  });
});
