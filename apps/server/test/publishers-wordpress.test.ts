import { randomUUID } from 'node:crypto';
import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordpressPublisher } from '../src/modules/publishing/publishers/wordpress';
import { insertItem, pieceOf, publishErrorOf, startPublisherHarness } from './publishers-support';
import type { SeededUser } from './support/factories';
import type { Harness } from './support/harness';
import { connectionOf, connectWordpress } from './support/platform-accounts';
import { seedTheme } from './support/template-factories';

let h: Harness;
let sandbox: PlatformSandbox;
let user: SeededUser;
const POSTS_PATH = '/wp/demo/wp-json/wp/v2/posts';

beforeAll(async () => {
  ({ h, sandbox, user } = await startPublisherHarness(connectWordpress));
});
afterAll(() => h.close());
beforeEach(() => sandbox.faults.clear());

const BODY =
  '<h2>Why weekly</h2><p>Deals move <strong>weekly</strong>; so should the review.</p><h2>How</h2><ul><li>What moved</li><li>What stalled</li></ul>';

const blog = (title: string, data: Record<string, unknown> = {}, body = BODY) =>
  insertItem(h, user, {
    kind: 'blog',
    title,
    body,
    data: { topic: title, keywords: ['pipeline'], length: 'short', planPeriod: '2026-11', ...data },
  });

const sitePosts = () => sandbox.platforms.wordpress.posts('demo');

describe('WordPress publisher', () => {
  it('publishes a blog post with its title, HTML, slug and meta description as the excerpt', async () => {
    const item = await blog('Weekly pipeline reviews that people attend', {
      slug: 'weekly-pipeline-reviews',
      metaDescription: 'A short weekly review keeps every deal moving.',
    });
    const piece = pieceOf(h, item, await connectionOf(h, user, 'wordpress'));
    const published = await wordpressPublisher.publish(h.deps, piece);

    const held = sitePosts().filter((post) => post.title === item.title);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      id: Number(published.externalId),
      // The scheduled post's own reference travels last, in a comment WordPress keeps for lookFor.
      content: `${BODY}\n<!-- sales-assist:publish-ref:${piece.post.publishRef} -->`,
      status: 'publish',
      slug: 'weekly-pipeline-reviews',
      excerpt: 'A short weekly review keeps every deal moving.',
      featuredMedia: 0,
      link: published.url,
    });
  });

  it('sends the post’s picture as the featured image, and refuses a picture that is gone, making nothing', async () => {
    const theme = await seedTheme(h.deps.db);
    const item = await blog('Reviews in a picture', { picture: { source: 'theme', themeId: theme.id } });
    const piece = pieceOf(h, item, await connectionOf(h, user, 'wordpress'));
    const published = await wordpressPublisher.publish(h.deps, piece);
    const held = sitePosts().find((post) => post.id === Number(published.externalId));
    const media = sandbox.platforms.wordpress.media('demo').find((each) => each.id === held?.featuredMedia);
    expect(media).toMatchObject({ mimeType: 'image/png', fileName: `blog-post-${item.id}.png` });

    const before = { posts: sitePosts().length, media: sandbox.platforms.wordpress.media('demo').length };
    const gone = await blog('A picture deleted since', { picture: { source: 'input', inputId: 2_000_000 } });
    const refusal = await publishErrorOf(() =>
      wordpressPublisher.publish(h.deps, pieceOf(h, gone, piece.connection)),
    );
    expect(refusal.kind).toBe('invalid');
    expect(refusal.message).toBe(
      'The post’s picture is no longer available: choose another one or remove it.',
    );
    expect({ posts: sitePosts().length, media: sandbox.platforms.wordpress.media('demo').length }).toEqual(
      before,
    );
  });

  it('lets WordPress make the slug and excerpt when the blog has none, and never sends a script', async () => {
    const item = await blog(
      'Cold e-mail that gets answers',
      {},
      '<h2>Short</h2><p>Three lines.</p><script>alert(1)</script><p onclick="x()">Then stop.</p>',
    );
    const piece = pieceOf(h, item, await connectionOf(h, user, 'wordpress'));
    await wordpressPublisher.publish(h.deps, piece);
    const held = sitePosts().find((post) => post.title === item.title);
    expect(held).toMatchObject({ slug: 'cold-e-mail-that-gets-answers', excerpt: '', status: 'publish' });
    expect(held?.content).toBe(
      `<h2>Short</h2><p>Three lines.</p><p>Then stop.</p>\n<!-- sales-assist:publish-ref:${piece.post.publishRef} -->`,
    );
  });

  it('finds the post the site made when its answer was lost, by its reference', async () => {
    const item = await blog('Forecasts your board will believe');
    const piece = pieceOf(h, item, await connectionOf(h, user, 'wordpress'));
    const since = new Date();
    sandbox.faults.inject({ method: 'POST', path: POSTS_PATH, status: 502, after_handling: true });
    const lost = await publishErrorOf(() => wordpressPublisher.publish(h.deps, piece));
    expect(lost.kind).toBe('unknown_outcome');

    const held = sitePosts().filter((post) => post.title === item.title);
    expect(held).toHaveLength(1);
    expect(await wordpressPublisher.lookFor(h.deps, piece, since)).toEqual({
      found: { externalId: String(held[0]?.id), url: held[0]?.link },
    });
  });

  it('does not take a post of the same title, sent by another schedule, for this one', async () => {
    const item = await blog('Quarterly planning, again');
    const connection = await connectionOf(h, user, 'wordpress');
    await wordpressPublisher.publish(h.deps, pieceOf(h, item, connection));
    const first = pieceOf(h, item, connection);
    const again = { ...first, post: { ...first.post, id: first.post.id + 1, publishRef: randomUUID() } };
    expect(sitePosts().filter((post) => post.title === item.title)).toHaveLength(1);
    expect(await wordpressPublisher.lookFor(h.deps, again, new Date())).toEqual({ notFound: true });
  });

  it('answers notFound when the site made nothing', async () => {
    const item = await blog('Territory planning in one afternoon');
    const piece = pieceOf(h, item, await connectionOf(h, user, 'wordpress'));
    const since = new Date();
    sandbox.faults.inject({ method: 'POST', path: POSTS_PATH, status: 503 });
    expect((await publishErrorOf(() => wordpressPublisher.publish(h.deps, piece))).kind).toBe('unavailable');
    expect(sitePosts().filter((post) => post.title === item.title)).toEqual([]);
    expect(await wordpressPublisher.lookFor(h.deps, piece, since)).toEqual({ notFound: true });
  });

  it('refuses what is not a finished blog post with a title, without calling the site', async () => {
    const connection = await connectionOf(h, user, 'wordpress');
    const before = sitePosts().length;
    const cases = [
      [await blog('', {}), 'The blog post has no title.'],
      [await blog('Only a script', {}, '<script>alert(1)</script>'), 'The blog post has no text to publish.'],
      [
        await insertItem(h, user, { kind: 'blog', title: 'Half', body: '', status: 'generating' }),
        'The content is still being written; it can be published once it is ready.',
      ],
      [
        await insertItem(h, user, { kind: 'linkedin_post', title: 'Hook', body: 'Hook\n\n#tag' }),
        'A LinkedIn post cannot be published to WordPress.',
      ],
    ] as const;
    for (const [item, message] of cases) {
      const error = await publishErrorOf(() =>
        wordpressPublisher.publish(h.deps, pieceOf(h, item, connection)),
      );
      expect(error).toMatchObject({ kind: 'invalid', platform: 'wordpress', message });
    }
    expect(sitePosts()).toHaveLength(before);
  });

  it('tells the user to reconnect when the application password was revoked', async () => {
    const item = await blog('Revoked passwords stop here');
    const piece = pieceOf(h, item, await connectionOf(h, user, 'wordpress'));
    sandbox.platforms.wordpress.revokeApplicationPasswords('demo', 'editor');
    const error = await publishErrorOf(() => wordpressPublisher.publish(h.deps, piece));
    expect(error.needsReconnect).toBe(true);
    expect(sitePosts().filter((post) => post.title === item.title)).toEqual([]);
  });
});
