import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';

/**
 * The WordPress stand-in on the wire, where it copies what a real WordPress (Debian's 6.1) does; the same
 * cases run against a real one in apps/server/test/wordpress-real-*.test.ts.
 */

let sandbox: PlatformSandbox;
let now: number;
const passwords: Record<string, string> = {};

beforeEach(async () => {
  now = Date.parse('2026-11-27T02:30:00Z');
  sandbox = await startPlatformSandbox({ now: () => new Date(now) });
  const world = sandbox.platforms.wordpress;
  world.addSite({ name: 'site' });
  for (const role of ['editor', 'author', 'contributor'] as const)
    passwords[role] = world.addUser('site', { username: role, role }).applicationPassword;
});
afterEach(async () => {
  await sandbox.close();
});

const rest = (path: string, login?: string, init: RequestInit = {}, password?: string) =>
  fetch(`${sandbox.url}/wp/site/wp-json${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(login
        ? {
            authorization: `Basic ${Buffer.from(`${login}:${password ?? passwords[login]}`).toString('base64')}`,
          }
        : {}),
    },
  });

const create = async (login: string, body: Record<string, unknown>) => {
  const answer = await rest('/wp/v2/posts', login, {
    method: 'POST',
    body: JSON.stringify({ status: 'publish', ...body }),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as {
    id: number;
    date: string;
    date_gmt: string;
    title: { raw: string };
    content: { raw: string };
    excerpt: { raw: string };
  };
};

describe('WordPress stand-in', () => {
  it('answers every failed login with 401 rest_not_logged_in, as if none had been sent', async () => {
    for (const [login, password] of [
      ['editor', 'abcd efgh ijkl mnop qrst uvwx'],
      ['nobody', passwords.editor],
      [undefined, undefined],
    ] as const) {
      const answer = await rest('/wp/v2/users/me?context=edit', login, {}, password);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'rest_not_logged_in' });
    }
    sandbox.platforms.wordpress.revokeApplicationPasswords('site', 'editor');
    expect(await (await rest('/wp/v2/users/me', 'editor')).json()).toMatchObject({
      code: 'rest_not_logged_in',
    });
  });

  it('lists only the capabilities a role has', async () => {
    const capabilities = async (login: string) =>
      ((await (await rest('/wp/v2/users/me?context=edit', login)).json()) as { capabilities: object })
        .capabilities;
    expect(Object.keys(await capabilities('contributor'))).not.toContain('publish_posts');
    expect(await capabilities('author')).toMatchObject({ publish_posts: true });
    expect(Object.keys(await capabilities('author'))).not.toContain('unfiltered_html');
    expect(await capabilities('editor')).toMatchObject({ publish_posts: true, unfiltered_html: true });
  });

  it('stores an Author’s "&" as "&amp;" and drops tags kses does not allow; an Editor’s as sent', async () => {
    const sent = {
      title: 'Fish & chips <b>bold</b> <x>odd</x> "q" café 🎉',
      excerpt: 'A & B <x>y</x>',
      content: '<p>A & B &amp; C</p><script>alert(1)</script>\n<!-- sales-assist:publish-ref:abc -->',
    };
    const author = await create('author', sent);
    expect(author.title.raw).toBe('Fish &amp; chips <b>bold</b> odd "q" café 🎉');
    expect(author.excerpt.raw).toBe('A &amp; B y');
    expect(author.content.raw).toBe('<p>A &amp; B &amp; C</p>\n<!-- sales-assist:publish-ref:abc -->');
    const editor = await create('editor', sent);
    expect([editor.title.raw, editor.excerpt.raw, editor.content.raw]).toEqual([
      sent.title,
      sent.excerpt,
      sent.content,
    ]);
  });

  it('dates posts in the site’s time zone and compares `after` with that local date', async () => {
    sandbox.platforms.wordpress.setTimezone('site', 'Asia/Kolkata');
    const kolkata = await create('editor', { title: 'Kolkata' });
    expect([kolkata.date, kolkata.date_gmt]).toEqual(['2026-11-27T08:00:00', '2026-11-27T02:30:00']);
    sandbox.platforms.wordpress.setTimezone('site', 'America/Los_Angeles');
    const la = await create('editor', { title: 'Los Angeles' });
    expect(la.date).toBe('2026-11-26T18:30:00');

    const titlesAfter = async (after: string) =>
      (
        (await (await rest(`/wp/v2/posts?after=${after}`, 'editor')).json()) as { title: { raw: string } }[]
      ).map((post) => post.title.raw);
    // A minute before the posts, in UTC: after both in Kolkata, hours after the Los Angeles one.
    expect(await titlesAfter('2026-11-27T02:29:00')).toEqual(['Kolkata']);
    expect(await titlesAfter('2026-11-26T18:00:00')).toEqual(['Los Angeles', 'Kolkata']);
  });

  it('searches every word in the title, excerpt and content; "-word" excludes', async () => {
    await create('editor', { title: 'Roadmap', content: '<p>x</p>\n<!-- sales-assist:publish-ref:1234 -->' });
    await create('editor', { title: 'Roadmap again', excerpt: 'planning' });
    const titles = async (search: string) =>
      (
        (await (await rest(`/wp/v2/posts?search=${encodeURIComponent(search)}`, 'editor')).json()) as {
          title: { raw: string };
        }[]
      ).map((post) => post.title.raw);
    expect(await titles('sales-assist:publish-ref:1234')).toEqual(['Roadmap']);
    expect(await titles('roadmap planning')).toEqual(['Roadmap again']);
    expect(await titles('roadmap -planning')).toEqual(['Roadmap']);
  });
});
