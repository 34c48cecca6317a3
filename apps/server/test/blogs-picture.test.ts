import { BLOG_MESSAGES, INPUT_MESSAGES, SOCIAL_MESSAGES } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItemRow } from '../src/db/schema';
import { blogPictureContentOf } from '../src/modules/blogs/blog-picture';
import { insertItem } from './publishers-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { inputFixture, uploadedImage, uploadedText } from './support/inputs-support';
import { pngSize } from './support/png-size';
import { seedTheme } from './support/template-factories';

/** A post's picture (its featured image on WordPress): chosen, served, and kept to its owner. */
let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;
let post: ContentItemRow;

const BODY = '<h2>Why weekly</h2><p>Deals move weekly.</p><h2>How to run it</h2><p>Twenty minutes.</p>';

beforeAll(async () => {
  h = await startHarness({ engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  post = await insertItem(h, owner, {
    kind: 'blog',
    title: 'Weekly pipeline reviews',
    body: BODY,
    data: { topic: 'Pipelines', keywords: [], length: 'short', planPeriod: '2026-11' },
  });
});
afterAll(() => h.close());

const choose = (body: unknown, as = owner, id = post.id) =>
  h.call('PUT', `/api/blogs/${id}/picture`, { token: as.accessToken, body });
const picture = (as = owner, id = post.id) =>
  h.call('GET', `/api/blogs/${id}/picture`, { token: as.accessToken });

describe('a blog post’s picture', () => {
  it('has none at first', async () => {
    const answer = await h.call('GET', `/api/blogs/${post.id}`, { token: owner.accessToken });
    expect(answer.json().blog.picture).toBeNull();
    const none = await picture();
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(BLOG_MESSAGES.pictureNotFound);
  });

  it('draws a theme’s infographic of the post: its title and section headings, no figure', async () => {
    const theme = await seedTheme(h.deps.db);
    const chosen = await choose({ source: 'theme', theme_id: theme.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().blog.picture).toEqual({ source: 'theme', theme_id: theme.id, input_id: null });
    expect(blogPictureContentOf(post)).toEqual({
      headline: 'Weekly pipeline reviews',
      points: ['Why weekly', 'How to run it'],
      stat: null,
    });
    const served = await picture();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(pngSize(served.rawPayload).width).toBeGreaterThan(0);
    // Kept through an edit of the post.
    await h.call('PUT', `/api/blogs/${post.id}`, {
      token: owner.accessToken,
      body: { title: 'Weekly reviews' },
    });
    const after = await h.call('GET', `/api/blogs/${post.id}`, { token: owner.accessToken });
    expect(after.json().blog.picture).toEqual({ source: 'theme', theme_id: theme.id, input_id: null });
  });

  it('or one of the owner’s uploaded images, served as uploaded', async () => {
    const image = await uploadedImage(h, owner.accessToken, 'cover.png', inputFixture('logo.png'));
    const chosen = await choose({ source: 'input', input_id: image.id });
    expect(chosen.json().blog.picture).toEqual({ source: 'input', theme_id: null, input_id: image.id });
    const served = await picture();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses what the owner cannot use: another user’s image, a text, an unknown or retired theme', async () => {
    const theirs = await uploadedImage(h, stranger.accessToken, 'theirs.png', inputFixture('logo.png'));
    const text = await uploadedText(h, owner.accessToken, 'notes.txt', 'Plain notes.');
    const retired = await seedTheme(h.deps.db, { retired: true });
    expect((await choose({ source: 'input', input_id: theirs.id })).statusCode).toBe(404);
    const notImage = await choose({ source: 'input', input_id: text.id });
    expect(notImage.statusCode).toBe(404);
    expect(notImage.json().message).toBe(INPUT_MESSAGES.notAnImageInput);
    expect((await choose({ source: 'theme', theme_id: 2_000_000 })).statusCode).toBe(404);
    const old = await choose({ source: 'theme', theme_id: retired.id });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(SOCIAL_MESSAGES.themeRetired);
    for (const body of [{}, { source: 'theme' }, { source: 'input', input_id: 'x' }, { source: 'video' }]) {
      expect((await choose(body)).statusCode).toBe(400);
    }
  });

  it('is the owner’s alone: another user reads and changes nothing (404)', async () => {
    expect((await picture(stranger)).statusCode).toBe(404);
    expect((await choose({ source: 'none' }, stranger)).statusCode).toBe(404);
    expect(
      (await h.call('GET', `/api/blogs/${post.id}`, { token: owner.accessToken })).json().blog.picture,
    ).not.toBeNull();
  });

  it('waits for a post being written (409), and can be taken away', async () => {
    const writing = await insertItem(h, owner, {
      kind: 'blog',
      title: 'Still writing',
      body: '',
      status: 'generating',
      data: { topic: 'Still writing', keywords: [], length: 'short', planPeriod: '2026-11' },
    });
    expect((await choose({ source: 'none' }, owner, writing.id)).statusCode).toBe(409);
    const removed = await choose({ source: 'none' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().blog.picture).toBeNull();
    expect((await picture()).statusCode).toBe(404);
  });
});
