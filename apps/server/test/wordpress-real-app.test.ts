import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, type SocialConnectionRow } from '../src/db/schema';
import { isPublishError } from '../src/lib/clients/publishing/types';
import { readBlogPicture } from '../src/modules/blogs/blog-picture';
import { wordpressPublisher } from '../src/modules/publishing/publishers/wordpress';
import { insertItem, pieceOf, studioUser } from './publishers-support';
import type { SeededUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectionOf } from './support/platform-accounts';
import { SITES_UNDER_TEST, type SiteUnderTest } from './support/real-wordpress-sites';
import { seedTheme } from './support/template-factories';

/**
 * The app with a real WordPress (and, with the same cases, the stand-in): connecting through the API as
 * each role and with each wrong login, and the publisher's publish and lookFor after a lost answer.
 */

const BODY = "<h2>Fish &amp; chips</h2><p>“Quotes”, 'apostrophes' &amp; café 🎉 &lt;3</p>";

describe.each(SITES_UNDER_TEST)('The app with the $label', ({ start, skip }) => {
  let site: SiteUnderTest;
  let h: Harness;
  let user: SeededUser;

  beforeAll(async () => {
    if (skip) return;
    site = await start();
    // The site runs on 127.0.0.1, which the SSRF-safe request refuses unless allowed; a short time limit
    // so the site's stalled answers are lost answers.
    h = await startHarness({
      engine: false,
      env: { SAFE_FETCH_ALLOWLIST: site.host, WORDPRESS_TIMEOUT_MS: '1500' },
    });
    user = await studioUser(h);
  });
  afterAll(async () => {
    await h?.close();
    await site?.stop();
  });

  const connect = (role: keyof SiteUnderTest['users'], password?: string, username?: string) =>
    h.call('POST', '/api/wordpress', {
      token: user.accessToken,
      body: {
        HOSTNAME: site.url,
        USERNAME: username ?? site.users[role].login,
        PASSWORD: password ?? site.users[role].applicationPassword,
      },
    });

  it.skipIf(skip)(
    'refuses a Contributor and every wrong login at connect, each with its sentence',
    async () => {
      const contributor = await connect('contributor');
      expect(contributor.statusCode).toBe(400);
      expect(contributor.json()).toMatchObject({
        error: 'wordpress_cannot_publish',
        message: expect.stringContaining('is a Contributor: its role cannot publish posts'),
      });
      for (const answer of [
        await connect('editor', site.users.editor.loginPassword),
        await connect('editor', 'abcd efgh ijkl mnop qrst uvwx'),
        await connect('editor', undefined, 'nobody-here'),
      ]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({
          error: 'wordpress_login_refused',
          message: expect.stringMatching(/username.*application password.*Authorization header/),
        });
      }
    },
  );

  describe('publishing', () => {
    let connection: SocialConnectionRow;
    beforeAll(async () => {
      if (skip) return;
      const answer = await connect('author');
      expect(answer.statusCode, answer.body).toBe(200);
      connection = await connectionOf(h, user, 'wordpress');
    });

    const blog = (title: string) =>
      insertItem(h, user, {
        kind: 'blog',
        title,
        body: BODY,
        data: { topic: title, keywords: ['pipeline'], length: 'short', planPeriod: '2026-11' },
      });

    it.skipIf(skip)('publishes a blog post as an Author and finds it again by its reference', async () => {
      const item = await blog('Fish & chips: "what" and \'why\' — café 🎉');
      const piece = pieceOf(h, item, connection);
      const published = await wordpressPublisher.publish(h.deps, piece);
      const stored = await site.postsHolding(piece.post.publishRef);
      expect(stored).toEqual([
        expect.objectContaining({
          id: Number(published.externalId),
          title: 'Fish &amp; chips: "what" and \'why\' — café 🎉',
          status: 'publish',
        }),
      ]);
      expect(await wordpressPublisher.lookFor(h.deps, piece, new Date())).toEqual({ found: published });
    });

    it.skipIf(skip)(
      'sends the post’s picture as its featured image: the site keeps it as an attachment',
      async () => {
        const theme = await seedTheme(h.deps.db);
        const item = await blog('Pipeline reviews, in one picture');
        await h.deps.db
          .update(contentItems)
          .set({ data: { ...(item.data as object), picture: { source: 'theme', themeId: theme.id } } })
          .where(eq(contentItems.id, item.id));
        const [withPicture] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, item.id));
        if (!withPicture) throw new Error('no item');
        const piece = pieceOf(h, withPicture, connection);
        const published = await wordpressPublisher.publish(h.deps, piece);
        const featured = await site.featuredImageOf(Number(published.externalId));
        const drawn = await readBlogPicture(h.deps, withPicture);
        expect(featured).toEqual({ mimeType: 'image/png', bytes: drawn.size });
      },
    );

    it.skipIf(skip)(
      'after a lost answer on a site west of UTC, lookFor finds the one post: no second copy is needed',
      async () => {
        await site.setTimezone('America/Los_Angeles');
        try {
          const item = await blog('Territory planning & forecasts');
          const piece = pieceOf(h, item, connection);
          const since = new Date();
          await site.loseNextAnswer(4);
          const lost = await wordpressPublisher.publish(h.deps, piece).then(
            () => null,
            (error: unknown) => error,
          );
          expect(isPublishError(lost) && lost.kind).toBe('unknown_outcome');
          const lookup = await wordpressPublisher.lookFor(h.deps, piece, since);
          const stored = await site.postsHolding(piece.post.publishRef);
          expect(stored).toHaveLength(1);
          expect(lookup).toMatchObject({ found: { externalId: String(stored[0]?.id) } });
        } finally {
          await site.setTimezone('UTC');
        }
      },
    );
  });
});
