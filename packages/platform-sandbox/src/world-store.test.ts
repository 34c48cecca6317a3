import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giveMetaAnApp, type PlatformSandbox, type SandboxApps, startPlatformSandbox } from './index';

let dir: string;
const running: PlatformSandbox[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'platform-sandbox-world-'));
});
afterEach(async () => {
  for (const sandbox of running.splice(0)) await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const start = async (options: { port?: number; saveDelayMs?: number } = {}) => {
  const sandbox = await startPlatformSandbox({ dataDir: dir, ...options });
  running.push(sandbox);
  return sandbox;
};
const stop = async (sandbox: PlatformSandbox) => {
  running.splice(running.indexOf(sandbox), 1);
  await sandbox.close();
};

const LINKEDIN_HEADERS = {
  'content-type': 'application/json',
  'linkedin-version': '202610',
  'x-restli-protocol-version': '2.0.0',
};
const linkedInPost = (sandbox: PlatformSandbox, token: string, sub: string, commentary: string) =>
  fetch(`${sandbox.url}/linkedin/rest/posts`, {
    method: 'POST',
    headers: { ...LINKEDIN_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      author: `urn:li:person:${sub}`,
      commentary,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED' },
      lifecycleState: 'PUBLISHED',
    }),
  });
const memberToken = (sandbox: PlatformSandbox, sub: string) =>
  (
    sandbox.platforms.linkedin as unknown as {
      issueToken: (sub: string, scopes: string[]) => { value: string };
    }
  ).issueToken(sub, ['openid', 'profile', 'email', 'w_member_social']).value;

const graphMe = (sandbox: PlatformSandbox, token: string, secret: string) =>
  fetch(
    `${sandbox.url}/graph/v26.0/me?appsecret_proof=${createHmac('sha256', secret).update(token).digest('hex')}`,
    { headers: { authorization: `Bearer ${token}` } },
  );

const wordpressAuth = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

describe('a platform sandbox with a data directory', () => {
  it('keeps its worlds, its apps and its port across a restart: tokens still work, posts and ids go on', async () => {
    let sandbox = await start();
    giveMetaAnApp(sandbox);
    const app = sandbox.platforms.meta.app();
    const member = sandbox.platforms.linkedin.addMember({ name: 'Kept Member', email: 'kept@example.com' });
    const linkedInToken = memberToken(sandbox, member.sub);
    expect((await linkedInPost(sandbox, linkedInToken, member.sub, 'Before the restart')).status).toBe(201);
    const metaToken = sandbox.platforms.meta.issueUserToken(sandbox.platforms.meta.defaultUser().id, {
      expiresInSeconds: 86_400,
    }).value;
    const site = sandbox.platforms.wordpress.addSite({ name: 'kept' });
    const { applicationPassword } = sandbox.platforms.wordpress.addUser('kept', {
      username: 'writer',
      role: 'author',
    });
    const wpPost = (title: string) =>
      fetch(`${site}/wp-json/wp/v2/posts`, {
        method: 'POST',
        headers: {
          authorization: wordpressAuth('writer', applicationPassword),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ title, content: '<p>Body</p>', status: 'publish' }),
      });
    const firstWp = (await (await wpPost('First')).json()) as { id: number };
    const url = sandbox.url;
    await stop(sandbox);
    // This process's HTTP client pools connections by address, which comes back: it must see the old
    // server's connections close before the new server is called at the same address.
    await new Promise((resolve) => setTimeout(resolve, 100));

    sandbox = await start();
    expect(sandbox.url).toBe(url);
    expect(sandbox.platforms.meta.app()).toEqual(app);
    giveMetaAnApp(sandbox);
    expect(sandbox.platforms.meta.app()).toEqual(app);
    // The member's token, the Meta token (signed with the kept secret) and the application password work.
    const userinfo = await fetch(`${sandbox.url}/linkedin/v2/userinfo`, {
      headers: { authorization: `Bearer ${linkedInToken}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: member.sub, name: 'Kept Member' });
    expect((await graphMe(sandbox, metaToken, app.appSecret ?? '')).status).toBe(200);
    expect(sandbox.platforms.linkedin.posts().map((post) => post.shownText)).toEqual(['Before the restart']);
    // What was posted still counts: the same text again is LinkedIn's duplicate.
    expect((await linkedInPost(sandbox, linkedInToken, member.sub, 'Before the restart')).status).toBe(422);
    expect((await linkedInPost(sandbox, linkedInToken, member.sub, 'After the restart')).status).toBe(201);
    const secondWp = (await (await wpPost('Second')).json()) as { id: number };
    expect(secondWp.id).toBeGreaterThan(firstWp.id);
    expect(sandbox.platforms.wordpress.posts('kept').map((post) => post.title)).toEqual(['First', 'Second']);
    // Ids made after the restart never repeat earlier ones.
    const other = sandbox.platforms.linkedin.addMember({ name: 'New Member', email: 'new@example.com' });
    expect(sandbox.platforms.linkedin.members().filter((m) => m.sub === other.sub)).toHaveLength(1);
    const person = sandbox.platforms.meta.addUser({ name: 'Someone' });
    expect(sandbox.platforms.meta.users().filter((user) => user.id === person.id)).toHaveLength(1);
  });

  it('saves a change shortly after it is made, in process or over HTTP, without waiting for close', async () => {
    const sandbox = await start({ saveDelayMs: 20 });
    const file = path.join(dir, 'world.json');
    const savedSoon = async (text: string) => {
      for (let tries = 0; tries < 100; tries++) {
        if ((await readFile(file, 'utf8')).includes(text)) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return false;
    };
    const member = sandbox.platforms.linkedin.members()[0];
    if (!member) throw new Error('the seeded member is missing');
    const token = memberToken(sandbox, member.sub);
    expect(await savedSoon(token)).toBe(true);
    expect((await linkedInPost(sandbox, token, member.sub, 'Saved soon')).status).toBe(201);
    expect(await savedSoon('Saved soon')).toBe(true);
    // Written whole through a temporary file: none is left behind.
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('listens on a free port when the kept one is taken, and on the port it is given', async () => {
    const first = await start();
    const keptPort = Number(new URL(first.url).port);
    await stop(first);
    // Some other program on the kept port: it hangs up on whoever calls.
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(keptPort, '127.0.0.1', resolve));
    try {
      const second = await start();
      expect(Number(new URL(second.url).port)).not.toBe(keptPort);
      await stop(second);
      await expect(start({ port: keptPort })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('refuses to start on worlds another running sandbox keeps (two processes on one data directory)', async () => {
    const first = await start();
    await expect(startPlatformSandbox({ dataDir: dir })).rejects.toThrow(
      `The platform sandbox kept in ${dir} already runs in another process, at ${first.url}`,
    );
    // Another data directory's sandbox is no such owner: that start takes a free port.
    const otherDir = await mkdtemp(path.join(tmpdir(), 'platform-sandbox-other-'));
    try {
      const other = await startPlatformSandbox({ dataDir: otherDir });
      await other.close();
      const again = await startPlatformSandbox({ dataDir: otherDir, port: 0 });
      await again.close();
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('sets an unreadable world file aside and begins anew', async () => {
    await writeFile(path.join(dir, 'world.json'), '{ half a wor');
    const sandbox = await start();
    expect(sandbox.platforms.linkedin.members().map((member) => member.name)).toEqual(['Ada Sandbox']);
    expect((await readdir(dir)).some((name) => name.startsWith('world.json.unreadable-'))).toBe(true);
  });

  it("tells a server the apps' credentials, as a sandbox started on its own must", async () => {
    const sandbox = await start();
    giveMetaAnApp(sandbox);
    const apps = (await (await fetch(`${sandbox.url}/__sandbox/apps`)).json()) as SandboxApps;
    expect(apps).toEqual({
      linkedin: sandbox.platforms.linkedin.app(),
      meta: sandbox.platforms.meta.app(),
      stripe: sandbox.platforms.stripe.app(),
    });
    expect(apps.meta.appSecret).toMatch(/^[0-9a-f]{32}$/);
  });
});
