import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublishError, type PublishError } from '../src/lib/clients/publishing/types';
import {
  checkWordpressSite,
  findWordpressPost,
  normaliseWordpressAddress,
  publishWordpressPost,
  type WordpressPostInput,
} from '../src/lib/clients/publishing/wordpress';
import { loginRefusedMessage } from '../src/lib/clients/publishing/wordpress/errors';
import { publishRefMarker } from '../src/lib/clients/publishing/wordpress/posts';
import { sanitizeBlogHtml } from '../src/modules/blogs/blog-html';
import { depsFor, SITES_UNDER_TEST, type SiteUnderTest, siteAs } from './support/real-wordpress-sites';

/**
 * The WordPress client against a real WordPress (Debian's package, MariaDB, PHP) and against the stand-in,
 * with the same cases: what the real one does is what the stand-in must do where the app can notice.
 */

const failure = async (promise: Promise<unknown>): Promise<PublishError> => {
  try {
    await promise;
  } catch (error) {
    if (isPublishError(error)) return error;
    throw error;
  }
  throw new Error('expected a PublishError');
};

/** WordPress's kses for a role without unfiltered_html: a bare "&" is stored as "&amp;". */
const ampersandsEncoded = (text: string) => text.replace(/&(?!(?:[a-z][a-z0-9]*|#\d+);)/gi, '&amp;');

const TITLE = `Fish & chips <b>bold</b> "double" 'single' café naïve Ünïcödé 🎉🚀 < 3 > 2`;
const EXCERPT = `Why & how: "quotes" 'apostrophes' à la carte, jalapeño 🌶️`;
const BODY = sanitizeBlogHtml(
  `<h2>Q&A: "what" & 'why'</h2><p>Fish &amp; chips &lt;tag&gt; café 🎉 — ü ñ ß</p><ul><li>1 < 2 > 0</li></ul>`,
);

describe.each(SITES_UNDER_TEST)('WordPress client against the $label', ({ kind, start, skip }) => {
  let site: SiteUnderTest;
  // A short time limit: the site stalls lost answers for longer.
  const TIMEOUT_MS = 1_500;
  const STALL_S = 4;

  beforeAll(async () => {
    if (skip) return;
    const began = Date.now();
    site = await start();
    console.info(`${kind} started in ${Date.now() - began} ms`);
  });
  afterAll(() => site?.stop());

  const post = (
    overrides: Partial<WordpressPostInput> = {},
  ): WordpressPostInput & { publishRef: string } => ({
    title: `Weekly pipeline review ${randomUUID().slice(0, 8)}`,
    content: '<p>Deals move weekly; so should the review.</p>',
    publishRef: randomUUID(),
    ...overrides,
  });

  it.skipIf(skip)('publishes a post and reads it back by its reference', async () => {
    const deps = depsFor(site);
    const input = post();
    const published = await publishWordpressPost(siteAs(site, 'editor'), deps, input);
    expect(published.status).toBe('publish');

    const stored = await site.postsHolding(input.publishRef);
    expect(stored).toEqual([
      expect.objectContaining({
        id: Number(published.externalId),
        title: input.title,
        content: `${input.content}\n${publishRefMarker(input.publishRef)}`,
        status: 'publish',
      }),
    ]);
    expect(await findWordpressPost(siteAs(site, 'editor'), deps, input)).toEqual({
      status: 'found',
      post: { externalId: published.externalId, url: published.url, status: 'publish' },
    });
    expect(
      await findWordpressPost(siteAs(site, 'editor'), deps, { ...input, publishRef: randomUUID() }),
    ).toEqual({
      status: 'not_found',
    });
  });

  it.skipIf(skip)('finds the post whose answer was lost, and there is exactly one', async () => {
    const input = post();
    await site.loseNextAnswer(STALL_S);
    const lost = await failure(
      publishWordpressPost(siteAs(site, 'editor'), depsFor(site, TIMEOUT_MS), input),
    );
    expect(lost.kind).toBe('unknown_outcome');

    const found = await findWordpressPost(siteAs(site, 'editor'), depsFor(site), input);
    const stored = await site.postsHolding(input.publishRef);
    expect(stored).toHaveLength(1);
    expect(found).toMatchObject({ status: 'found', post: { externalId: String(stored[0]?.id) } });
  });

  it.skipIf(skip)(
    'finds a post WordPress holds to publish later (status future) on a site east of UTC',
    async () => {
      await site.setTimezone('Asia/Tokyo');
      try {
        const publishAt = new Date(Date.now() + 3 * 3600_000);
        const input = post({ publishAt });
        await site.loseNextAnswer(STALL_S);
        const lost = await failure(
          publishWordpressPost(siteAs(site, 'author'), depsFor(site, TIMEOUT_MS), input),
        );
        expect(lost.kind).toBe('unknown_outcome');
        const stored = await site.postsHolding(input.publishRef);
        expect(stored).toEqual([expect.objectContaining({ status: 'future' })]);
        expect(await findWordpressPost(siteAs(site, 'author'), depsFor(site), input)).toMatchObject({
          status: 'found',
          post: { externalId: String(stored[0]?.id), status: 'future' },
        });
      } finally {
        await site.setTimezone('UTC');
      }
    },
  );

  it.skipIf(skip).each(['America/Los_Angeles', 'Asia/Tokyo', 'Asia/Kolkata'])(
    'finds a lost post on a site whose time zone is %s',
    async (zone) => {
      await site.setTimezone(zone);
      try {
        const input = post();
        await site.loseNextAnswer(STALL_S);
        const lost = await failure(
          publishWordpressPost(siteAs(site, 'author'), depsFor(site, TIMEOUT_MS), input),
        );
        expect(lost.kind).toBe('unknown_outcome');
        const found = await findWordpressPost(siteAs(site, 'author'), depsFor(site), input);
        const stored = await site.postsHolding(input.publishRef);
        expect(stored).toHaveLength(1);
        expect(found).toMatchObject({ status: 'found', post: { externalId: String(stored[0]?.id) } });
      } finally {
        await site.setTimezone('UTC');
      }
    },
  );

  it.skipIf(skip)(
    'keeps an Editor’s title, excerpt and body byte for byte, with & < > " \' emoji and accents',
    async () => {
      const input = post({ title: TITLE, excerpt: EXCERPT, content: BODY });
      await site.loseNextAnswer(STALL_S);
      expect(
        (await failure(publishWordpressPost(siteAs(site, 'editor'), depsFor(site, TIMEOUT_MS), input))).kind,
      ).toBe('unknown_outcome');
      const stored = await site.postsHolding(input.publishRef);
      expect(stored).toEqual([
        expect.objectContaining({
          title: TITLE,
          excerpt: EXCERPT,
          content: `${BODY}\n${publishRefMarker(input.publishRef)}`,
        }),
      ]);
      expect(await findWordpressPost(siteAs(site, 'editor'), depsFor(site), input)).toMatchObject({
        status: 'found',
        post: { externalId: String(stored[0]?.id) },
      });
    },
  );

  it.skipIf(skip)(
    'finds an Author’s post although WordPress stored "&" as "&amp;" in its title',
    async () => {
      const input = post({
        title: `Tom & Jerry "q" 'a' café 🎉 ${randomUUID().slice(0, 4)}`,
        excerpt: EXCERPT,
        content: BODY,
      });
      await site.loseNextAnswer(STALL_S);
      expect(
        (await failure(publishWordpressPost(siteAs(site, 'author'), depsFor(site, TIMEOUT_MS), input))).kind,
      ).toBe('unknown_outcome');
      const stored = await site.postsHolding(input.publishRef);
      expect(stored).toEqual([
        expect.objectContaining({
          title: ampersandsEncoded(input.title),
          excerpt: ampersandsEncoded(EXCERPT),
          // The sanitised body is already what kses would make of it, and the reference's comment stays.
          content: `${BODY}\n${publishRefMarker(input.publishRef)}`,
        }),
      ]);
      expect(await findWordpressPost(siteAs(site, 'author'), depsFor(site), input)).toMatchObject({
        status: 'found',
        post: { externalId: String(stored[0]?.id) },
      });
    },
  );

  describe('its REST API, as the stand-in must copy it', () => {
    const rest = (
      path: string,
      role?: keyof SiteUnderTest['users'],
      init: RequestInit = {},
      password?: string,
    ) =>
      fetch(`${site.url}/wp-json${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(role
            ? {
                authorization: `Basic ${Buffer.from(`${site.users[role].login}:${password ?? site.users[role].applicationPassword}`).toString('base64')}`,
              }
            : {}),
        },
      });

    it.skipIf(skip)(
      'lists only the capabilities a role has: a Contributor’s have no publish_posts',
      async () => {
        const capabilities = async (role: keyof SiteUnderTest['users']) =>
          (
            (await (await rest('/wp/v2/users/me?context=edit', role)).json()) as {
              capabilities: Record<string, boolean>;
            }
          ).capabilities;
        const contributor = await capabilities('contributor');
        expect(contributor).toMatchObject({ edit_posts: true, read: true });
        expect('publish_posts' in contributor).toBe(false);
        expect(await capabilities('author')).toMatchObject({ publish_posts: true, upload_files: true });
        expect('unfiltered_html' in (await capabilities('author'))).toBe(false);
        expect(await capabilities('editor')).toMatchObject({ publish_posts: true, unfiltered_html: true });
      },
    );

    it.skipIf(skip)('answers every failed login as if no login had been sent', async () => {
      const answers = await Promise.all([
        rest('/wp/v2/users/me?context=edit'),
        rest('/wp/v2/users/me?context=edit', 'editor', {}, 'abcd efgh ijkl mnop qrst uvwx'),
        rest('/wp/v2/users/me?context=edit', 'editor', {}, site.users.editor.loginPassword),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(await answer.json()).toMatchObject({ code: 'rest_not_logged_in' });
      }
      const post = await rest('/wp/v2/posts', 'editor', { method: 'POST', body: '{"title":"x"}' }, 'wrong');
      expect(post.status).toBe(401);
      expect(await post.json()).toMatchObject({ code: 'rest_cannot_create' });
    });

    it.skipIf(skip)(
      'dates posts in the site’s time zone and filters `after` on that local date',
      async () => {
        await site.setTimezone('America/Los_Angeles');
        try {
          const input = post();
          const published = await publishWordpressPost(siteAs(site, 'editor'), depsFor(site), input);
          const read = (query: string) =>
            rest(
              `/wp/v2/posts?context=edit&search=${encodeURIComponent(input.title)}${query}`,
              'editor',
            ).then(
              async (answer) => (await answer.json()) as { id: number; date: string; date_gmt: string }[],
            );
          const [held] = await read('');
          expect(held?.id).toBe(Number(published.externalId));
          const utc = new Date(`${held?.date_gmt}Z`);
          const local = new Date(`${held?.date}Z`);
          expect(Math.round((utc.getTime() - local.getTime()) / 3600_000)).toBeGreaterThanOrEqual(7);
          // A minute before the post in UTC is still hours after it in Los Angeles: `after` misses it.
          const minuteBefore = new Date(utc.getTime() - 60_000).toISOString().slice(0, 19);
          expect(await read(`&after=${minuteBefore}`)).toEqual([]);
        } finally {
          await site.setTimezone('UTC');
        }
      },
    );

    it.skipIf(skip)('searches the content, and keeps an HTML comment in an Author’s content', async () => {
      const input = post({ content: '<p>Hidden marker below.</p>\n<!-- kept: zebra-crossing-42 -->' });
      const published = await publishWordpressPost(siteAs(site, 'author'), depsFor(site), input);
      const found = (await (
        await rest('/wp/v2/posts?context=edit&search=zebra-crossing-42&status=publish,draft', 'author')
      ).json()) as { id: number; content: { raw: string } }[];
      expect(found.map((p) => p.id)).toEqual([Number(published.externalId)]);
      expect(found[0]?.content.raw).toContain('<!-- kept: zebra-crossing-42 -->');
    });
  });

  describe('connecting', () => {
    const check = (role: keyof SiteUnderTest['users'], password: 'application' | 'login' = 'application') =>
      checkWordpressSite(
        {
          host: site.url,
          username: site.users[role].login,
          applicationPassword:
            password === 'application'
              ? site.users[role].applicationPassword
              : site.users[role].loginPassword,
        },
        depsFor(site),
      );

    it.skipIf(skip)(
      'accepts an Editor and an Author, and refuses a Contributor because the role cannot publish',
      async () => {
        expect(await check('editor')).toMatchObject({ ok: true, baseUrl: site.url });
        expect(await check('author')).toMatchObject({ ok: true, baseUrl: site.url });
        expect(await check('contributor')).toEqual({
          ok: false,
          problem: 'cannot_publish',
          message: `The WordPress account "${site.users.contributor.login}" is a Contributor: its role cannot publish posts. Use an account with the Author, Editor or Administrator role, or ask the site’s administrator to give yours one.`,
        });
      },
    );

    it.skipIf(skip)(
      'gives one message, in the order a person checks, for every kind of wrong login',
      async () => {
        const address = normaliseWordpressAddress(site.url);
        const label = address.ok ? address.label : '';
        const refused = (username: string) => ({
          ok: false,
          problem: 'login_refused',
          message: loginRefusedMessage(label, username),
        });
        const editor = site.users.editor;
        const deps = depsFor(site);
        const attempt = (username: string, applicationPassword: string) =>
          checkWordpressSite({ host: site.url, username, applicationPassword }, deps);

        expect(await attempt(editor.login, 'abcd efgh ijkl mnop qrst uvwx')).toEqual(refused(editor.login));
        expect(await check('editor', 'login')).toEqual(refused(editor.login));
        expect(await attempt('nobody-here', editor.applicationPassword)).toEqual(refused('nobody-here'));
        await site.revokeApplicationPasswords('contributor');
        expect(await check('contributor')).toEqual(refused(site.users.contributor.login));

        const message = loginRefusedMessage(label, editor.login);
        const order = [
          'username',
          'application password',
          'not the password you log in with',
          'Authorization header',
        ];
        const positions = order.map((words) => message.indexOf(words));
        expect(positions.every((at) => at >= 0)).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      },
    );

    it.skipIf(skip)('asks to reconnect when a post meets a revoked application password', async () => {
      await site.revokeApplicationPasswords('author');
      const error = await failure(publishWordpressPost(siteAs(site, 'author'), depsFor(site), post()));
      expect(error).toMatchObject({ kind: 'revoked', status: 401 });
      expect(error.needsReconnect).toBe(true);
    });
  });
});
