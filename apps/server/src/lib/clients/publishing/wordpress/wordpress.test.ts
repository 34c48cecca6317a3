import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PlatformSandbox, startPlatformSandbox } from '@sales-assist/platform-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSafeRequest, type Resolver } from '../../../security/safe-fetch';
import { PublishError } from '../types';
import { loginRefusedMessage } from './errors';
import {
  checkWordpressSite,
  findWordpressPost,
  normaliseWordpressAddress,
  publishWordpressPost,
  type WordpressDeps,
  type WordpressSite,
} from './index';

/**
 * The sandbox's WordPress sites live on 127.0.0.1, which the SSRF guard refuses: these tests allowlist
 * its host:port as the harness does for website tests, and `strict` is how production sees it.
 */
let sandbox: PlatformSandbox;
let deps: WordpressDeps;
let strict: WordpressDeps;
let closedPort: number;
let mover: Server;
let moverUrl: string;
let folder: Server;
let folderUrl: string;
const PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

const lookup: Resolver = async (hostname) => {
  if (hostname === 'nowhere.invalid') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 }];
};

beforeAll(async () => {
  sandbox = await startPlatformSandbox();
  const port = new URL(sandbox.url).port;
  const closed = createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  closedPort = (closed.address() as AddressInfo).port;
  closed.close();
  // A site that moved to another host: it redirects its API to the sandbox's demo site.
  mover = createServer((req, res) => {
    res.writeHead(301, { location: `${sandbox.url}/wp/demo${req.url ?? '/'}` }).end();
  });
  mover.listen(0, '127.0.0.1');
  await once(mover, 'listening');
  const moverPort = (mover.address() as AddressInfo).port;
  moverUrl = `http://127.0.0.1:${moverPort}`;
  // A site whose WordPress moved into /blog on the same host: its old API address redirects there.
  folder = createServer((req, res) => {
    if (req.url?.startsWith('/wp-json/')) {
      res.writeHead(301, { location: `/blog${req.url}` }).end();
      return;
    }
    if (req.url?.startsWith('/blog/wp-json/wp/v2/users/me') && req.headers.authorization) {
      res
        .writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
        .end(JSON.stringify({ id: 7, name: 'Folder Editor', capabilities: { publish_posts: true } }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  folder.listen(0, '127.0.0.1');
  await once(folder, 'listening');
  const folderPort = (folder.address() as AddressInfo).port;
  folderUrl = `http://127.0.0.1:${folderPort}`;
  deps = {
    request: createSafeRequest({
      allowlist: [
        `127.0.0.1:${port}`,
        `127.0.0.1:${closedPort}`,
        `127.0.0.1:${moverPort}`,
        `127.0.0.1:${folderPort}`,
        'nowhere.invalid:443',
      ],
      lookup,
    }),
    timeoutMs: 2_000,
  };
  strict = { request: createSafeRequest({ allowlist: [] }), timeoutMs: 2_000 };
});
afterAll(async () => {
  mover.close();
  folder.close();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.faults.clear();
  sandbox.platforms.wordpress.reset();
});

const demo = (): WordpressSite => ({
  baseUrl: `${sandbox.url}/wp/demo`,
  username: 'editor',
  applicationPassword: PASSWORD,
});

const failure = async (promise: Promise<unknown>): Promise<PublishError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PublishError);
    return error as PublishError;
  }
  throw new Error('expected a PublishError');
};

describe('WordPress address', () => {
  it('is made into the site’s base URL as users type it', () => {
    const base = (typed: string) => {
      const address = normaliseWordpressAddress(typed);
      return address.ok ? address.baseUrl : address.message;
    };
    expect(base('example.com')).toBe('https://example.com');
    expect(base('  Example.COM/  ')).toBe('https://example.com');
    expect(base('https://example.com/blog/')).toBe('https://example.com/blog');
    expect(base('http://example.com/blog/wp-admin/post-new.php')).toBe('http://example.com/blog');
    expect(base('https://example.com/wp-json/wp/v2/')).toBe('https://example.com');
    expect(base('https://example.com/?p=1#top')).toBe('https://example.com');
    expect(base('')).toMatch(/^Enter the address/);
    expect(base('not a host')).toMatch(/^Enter the address/);
    expect(base('ftp://example.com')).toMatch(/https:\/\//);
    expect(base('https://me:pw@example.com')).toMatch(/^Leave the username and password out/);
  });
});

describe('Checking a WordPress site', () => {
  const check = (host: string, username = 'editor', applicationPassword = PASSWORD, using = deps) =>
    checkWordpressSite({ host, username, applicationPassword }, using);

  it('accepts the right username and application password (with or without its spaces)', async () => {
    const result = await check(`${sandbox.url}/wp/demo/`);
    expect(result).toEqual({
      ok: true,
      baseUrl: `${sandbox.url}/wp/demo`,
      restStyle: 'pretty',
      user: { id: 1, name: 'Demo Editor' },
    });
    expect((await check(`${sandbox.url}/wp/demo`, 'editor@example.com', PASSWORD.replace(/ /g, ''))).ok).toBe(
      true,
    );
  });

  it('asks for every field first (spec §5)', async () => {
    for (const [host, username, password] of [
      ['', 'editor', PASSWORD],
      [`${sandbox.url}/wp/demo`, ' ', PASSWORD],
      [`${sandbox.url}/wp/demo`, 'editor', ''],
    ] as const) {
      expect(await check(host, username, password)).toEqual({
        ok: false,
        problem: 'missing_information',
        message: 'Fill all the information',
      });
    }
  });

  it('gives one message for a wrong password, a wrong username and a host that strips the login', async () => {
    // A real WordPress answers all three with the same 401 rest_not_logged_in (see wordpress-real-client.test.ts).
    const label = `${new URL(sandbox.url).host}/wp/demo`;
    const refused = { ok: false, problem: 'login_refused', message: loginRefusedMessage(label, 'editor') };
    expect(await check(`${sandbox.url}/wp/demo`, 'editor', 'wrong pass word')).toEqual(refused);
    expect(await check(`${sandbox.url}/wp/demo`, 'nobody')).toEqual({
      ...refused,
      message: loginRefusedMessage(label, 'nobody'),
    });
    sandbox.platforms.wordpress.setMode('demo', 'strips_authorization');
    expect(await check(`${sandbox.url}/wp/demo`)).toEqual(refused);
  });

  it('tells a site that is not WordPress', async () => {
    sandbox.platforms.wordpress.addSite({ name: 'shop', mode: 'not_wordpress' });
    for (const host of [`${sandbox.url}/wp/shop`, `${sandbox.url}/wp/no-such-site`, sandbox.url]) {
      const result = await check(host);
      expect(result).toMatchObject({ ok: false, problem: 'not_wordpress' });
      expect(result.ok ? '' : result.message).toContain('does not look like a WordPress site');
    }
  });

  it('tells an unreachable host: refused connection, unknown name', async () => {
    expect(await check(`http://127.0.0.1:${closedPort}`)).toEqual({
      ok: false,
      problem: 'unreachable',
      message: `We could not reach 127.0.0.1:${closedPort}: the server refused the connection. Check the address and that the site is online.`,
    });
    expect(await check('nowhere.invalid')).toMatchObject({
      ok: false,
      problem: 'unreachable',
      message: expect.stringContaining('the host name could not be found'),
    });
  });

  it('refuses private and local addresses (SSRF) without calling them', async () => {
    const hits = sandbox.platforms.wordpress.site('demo');
    expect(await check(`${sandbox.url}/wp/demo`, 'editor', PASSWORD, strict)).toMatchObject({
      ok: false,
      problem: 'unsafe_host',
      message: expect.stringContaining('a loopback address'),
    });
    for (const host of ['http://10.0.0.8/blog', 'http://169.254.169.254', 'localhost:8080']) {
      expect(await check(host, 'editor', PASSWORD, strict)).toMatchObject({
        ok: false,
        problem: 'unsafe_host',
      });
    }
    expect(hits?.posts).toEqual([]);
  });

  it('reports a site that moved to another host instead of sending the password there', async () => {
    expect(await check(moverUrl)).toMatchObject({
      ok: false,
      problem: 'moved',
      message: `127.0.0.1:${moverPort()} has moved to ${new URL(sandbox.url).host}/wp/demo. Enter that address instead.`,
    });
  });

  it('follows a redirect within the same site and keeps its new folder', async () => {
    expect(await check(`${folderUrl}/`, 'editor', PASSWORD)).toEqual({
      ok: true,
      baseUrl: `${folderUrl}/blog`,
      restStyle: 'pretty',
      user: { id: 7, name: 'Folder Editor' },
    });
  });

  it('reaches a site with plain permalinks through ?rest_route=, and still tells a wrong password', async () => {
    sandbox.platforms.wordpress.setMode('demo', 'plain_permalinks');
    expect(
      (await fetch(`${sandbox.url}/wp/demo/wp-json/wp/v2/users/me`)).headers.get('content-type'),
    ).toContain('text/html');
    expect(await check(`${sandbox.url}/wp/demo`)).toMatchObject({ ok: true, restStyle: 'plain' });
    expect(await check(`${sandbox.url}/wp/demo`, 'editor', 'nope')).toMatchObject({
      ok: false,
      problem: 'login_refused',
    });
  });

  it('refuses an account whose role cannot publish, and says which role would', async () => {
    const { applicationPassword } = sandbox.platforms.wordpress.addUser('demo', {
      username: 'guest',
      role: 'contributor',
    });
    expect(await check(`${sandbox.url}/wp/demo`, 'guest', applicationPassword)).toEqual({
      ok: false,
      problem: 'cannot_publish',
      message:
        'The WordPress account "guest" is a Contributor: its role cannot publish posts. Use an account with the Author, Editor or Administrator role, or ask the site’s administrator to give yours one.',
    });
  });
});

const moverPort = () => new URL(moverUrl).port;

describe('Publishing to WordPress', () => {
  it('publishes a post with its featured image', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9, 9]);
    const post = await publishWordpressPost(demo(), deps, {
      title: 'Pick faster & ship sooner',
      content: '<p>Robots <strong>help</strong>.</p>',
      featuredImage: { bytes, contentType: 'image/png', fileName: 'cover image.png' },
    });
    expect(post).toEqual({ externalId: '2', url: `${sandbox.url}/wp/demo/?p=2`, status: 'publish' });
    const [media] = sandbox.platforms.wordpress.media('demo');
    expect(media?.fileName).toBe('cover-image.png');
    expect(media?.bytes.equals(Buffer.from(bytes))).toBe(true);
    expect(sandbox.platforms.wordpress.posts('demo')[0]).toMatchObject({
      featuredMedia: media?.id,
      status: 'publish',
    });
    const page = await fetch(post.url).then((r) => r.text());
    expect(page).toContain('Pick faster &#38; ship sooner');
    expect(page).toContain(media?.sourceUrl ?? '');
    expect((await fetch(media?.sourceUrl ?? '')).headers.get('content-type')).toBe('image/png');
  });

  it('publishes and finds back on a site with plain permalinks', async () => {
    sandbox.platforms.wordpress.setMode('demo', 'plain_permalinks');
    const site = { ...demo(), restStyle: 'plain' as const };
    const publishRef = randomUUID();
    const post = await publishWordpressPost(site, deps, {
      publishRef,
      title: 'Plain and simple',
      content: '<p>x</p>',
      featuredImage: { bytes: new Uint8Array([1, 2, 3]), contentType: 'image/jpeg', fileName: 'a.jpg' },
    });
    expect(post.status).toBe('publish');
    expect(sandbox.platforms.wordpress.posts('demo')[0]?.featuredMedia).toBe(
      sandbox.platforms.wordpress.media('demo')[0]?.id,
    );
    expect(await findWordpressPost(site, deps, { title: 'Plain and simple', publishRef })).toMatchObject({
      status: 'found',
      post: { externalId: post.externalId },
    });
  });

  it('lets WordPress publish at a later time', async () => {
    const at = new Date(Date.now() + 3 * 3600_000);
    const post = await publishWordpressPost(demo(), deps, {
      title: 'Later',
      content: '<p>x</p>',
      publishAt: at,
    });
    expect(post.status).toBe('future');
    expect(sandbox.platforms.wordpress.posts('demo')[0]?.dateGmt.toISOString()).toBe(
      `${at.toISOString().slice(0, 19)}.000Z`,
    );
  });

  it('a revoked application password or a stripped header asks to reconnect; a contributor is refused', async () => {
    sandbox.platforms.wordpress.revokeApplicationPasswords('demo', 'editor');
    const revoked = await failure(publishWordpressPost(demo(), deps, { title: 'T', content: 'c' }));
    expect(revoked).toMatchObject({ kind: 'revoked', status: 401, code: 'rest_cannot_create' });
    expect(revoked.message).toBe(
      'WordPress no longer accepts the application password (it was probably revoked in Users → Profile → Application Passwords, or the account was removed). Connect the site again with a new application password.',
    );
    expect(revoked.message).not.toContain(PASSWORD);

    sandbox.platforms.wordpress.reset();
    sandbox.platforms.wordpress.setMode('demo', 'strips_authorization');
    expect(
      (await failure(publishWordpressPost(demo(), deps, { title: 'T', content: 'c' }))).needsReconnect,
    ).toBe(true);

    sandbox.platforms.wordpress.reset();
    const { applicationPassword } = sandbox.platforms.wordpress.addUser('demo', {
      username: 'guest',
      role: 'contributor',
    });
    const refused = await failure(
      publishWordpressPost({ ...demo(), username: 'guest', applicationPassword }, deps, {
        title: 'T',
        content: 'c',
      }),
    );
    expect(refused.kind).toBe('invalid');
    expect(refused.message).toBe(
      'WordPress says: Sorry, you are not allowed to publish posts in this post type.',
    );
  });

  it('503 is unavailable; 500 after the site made the post is an unknown outcome', async () => {
    sandbox.faults.inject({ method: 'POST', path: '/wp/demo/wp-json/wp/v2/posts', status: 503 });
    expect((await failure(publishWordpressPost(demo(), deps, { title: 'A', content: 'c' }))).kind).toBe(
      'unavailable',
    );
    expect(sandbox.platforms.wordpress.posts('demo')).toHaveLength(0);
    sandbox.faults.inject({
      method: 'POST',
      path: '/wp/demo/wp-json/wp/v2/posts',
      status: 500,
      after_handling: true,
    });
    expect((await failure(publishWordpressPost(demo(), deps, { title: 'A', content: 'c' }))).kind).toBe(
      'unknown_outcome',
    );
    expect(sandbox.platforms.wordpress.posts('demo')).toHaveLength(1);
    sandbox.faults.inject({
      method: 'POST',
      path: '/wp/demo/wp-json/wp/v2/posts',
      status: 429,
      headers: { 'retry-after': '30' },
    });
    const limited = await failure(publishWordpressPost(demo(), deps, { title: 'B', content: 'c' }));
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 30 });
  });

  it('a time-out after the site accepted is an unknown outcome, and the post is found back by its reference', async () => {
    const publishRef = randomUUID();
    sandbox.faults.inject({
      method: 'POST',
      path: '/wp/demo/wp-json/wp/v2/posts',
      status: 201,
      delay_ms: 800,
      after_handling: true,
    });
    const title = 'Warehouse robots: 5 questions & answers';
    const lost = await failure(
      publishWordpressPost(demo(), { ...deps, timeoutMs: 300 }, { title, content: '<p>q</p>', publishRef }),
    );
    expect(lost.kind).toBe('unknown_outcome');
    expect(lost.message).toBe(
      'Publishing to WordPress: the site did not answer within 0.3 seconds; the post may have been published.',
    );
    const found = await findWordpressPost(demo(), deps, { title, publishRef });
    expect(found).toEqual({
      status: 'found',
      post: { externalId: '1', url: `${sandbox.url}/wp/demo/?p=1`, status: 'publish' },
    });
    // Another post's reference is not ours, even with the same title.
    expect(await findWordpressPost(demo(), deps, { title, publishRef: randomUUID() })).toEqual({
      status: 'not_found',
    });
  });

  it('finds a post sent without a reference by its title as WordPress stored it', async () => {
    const { applicationPassword } = sandbox.platforms.wordpress.addUser('demo', {
      username: 'writer',
      role: 'author',
    });
    const author = { ...demo(), username: 'writer', applicationPassword };
    const title = 'Q&A: "robots" & people';
    const post = await publishWordpressPost(author, deps, { title, content: '<p>q</p>' });
    expect(sandbox.platforms.wordpress.posts('demo')[0]?.title).toBe('Q&amp;A: "robots" &amp; people');
    expect(await findWordpressPost(author, deps, { title })).toMatchObject({
      status: 'found',
      post: { externalId: post.externalId },
    });
    expect(await findWordpressPost(author, deps, { title: 'Q&A: "robots"' })).toEqual({
      status: 'not_found',
    });
  });

  it('never calls a private address', async () => {
    const refused = await failure(publishWordpressPost(demo(), strict, { title: 'T', content: 'c' }));
    expect(refused.kind).toBe('invalid');
    expect(refused.message).toContain('not a public web site');
    expect(sandbox.platforms.wordpress.posts('demo')).toHaveLength(0);
  });
});
