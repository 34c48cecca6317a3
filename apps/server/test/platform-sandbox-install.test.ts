import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TScheduleItem, TScheduleListResponse } from '@sales-assist/contract';
import { giveMetaAnApp, type PlatformSandbox, startPlatformSandbox } from '@sales-assist/platform-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open-database';
import { publisherFor } from '../src/modules/publishing/publishers';
import { insertItem, insertLinkedInPost, pieceOf } from './publishers-support';
import { callAs, seedBlog, seedLinkedinPost } from './schedule-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectionOf, connectLinkedIn, WP_PASSWORD } from './support/platform-accounts';
import { openTestDatabase } from './support/test-database';

/**
 * The platform sandbox as an install runs it: kept in DATA_DIR across a restart, and one sandbox for an
 * API process and a worker process (PLATFORM_SANDBOX_URL).
 */

const tempDir = (name: string) => mkdtemp(path.join(tmpdir(), name));

const connectWordpressAt = async (h: Harness, user: SeededUser, sandboxUrl: string) => {
  const answer = await h.call('POST', '/api/wordpress', {
    token: user.accessToken,
    body: { USERNAME: 'editor', PASSWORD: WP_PASSWORD, HOSTNAME: `${sandboxUrl}/wp/demo` },
  });
  expect(answer.statusCode).toBe(200);
};

const connectFacebookWith = async (h: Harness, user: SeededUser, sandbox: PlatformSandbox) => {
  const meta = sandbox.platforms.meta;
  const answer = await h.call('POST', '/api/gentoken', {
    token: user.accessToken,
    body: { social_media: 'facebook', user_access_token: meta.issueUserToken(meta.defaultUser().id).value },
  });
  expect(answer.statusCode).toBe(200);
};

const blog = (h: Harness, user: SeededUser, title: string) =>
  insertItem(h, user, {
    kind: 'blog',
    title,
    body: `<p>${title}</p>`,
    data: { topic: title, keywords: ['pipeline'], length: 'short', planPeriod: '2026-11' },
  });

const facebookPost = (h: Harness, user: SeededUser, text: string) =>
  insertItem(h, user, { kind: 'social_post', title: text, body: text, data: { network: 'facebook' } });

/** Publishes `item` to the user's account on `platform` as the engine would, from process `h`. */
const publishFrom = async (
  h: Harness,
  user: SeededUser,
  platform: 'linkedin' | 'wordpress' | 'facebook',
  item: Awaited<ReturnType<typeof insertItem>>,
) => publisherFor(platform).publish(h.deps, pieceOf(h, item, await connectionOf(h, user, platform)));

const localSandbox = (h: Harness): PlatformSandbox => {
  if (!h.services.platformSandbox) throw new Error('this process should run the platform sandbox');
  return h.services.platformSandbox;
};

describe('a restart of a process that runs the platform sandbox', () => {
  let dataDir: string;
  let database: Database;
  let h: Harness | undefined;
  beforeAll(async () => {
    dataDir = await tempDir('sales-assist-kept-sandbox-');
    database = await openTestDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    await h?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () => startHarness({ engine: false, database, env: { DATA_DIR: dataDir } });

  it('keeps the connections publishing: LinkedIn and Facebook tokens, the Meta app and the WordPress site', async () => {
    h = await start();
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await connectFacebookWith(h, user, localSandbox(h));
    await connectWordpressAt(h, user, localSandbox(h).url);
    const appBefore = localSandbox(h).platforms.meta.app();
    await publishFrom(h, user, 'linkedin', await insertLinkedInPost(h, user, 'Before the restart'));
    await h.close();

    h = await start();
    const sandbox = localSandbox(h);
    expect(sandbox.platforms.meta.app()).toEqual(appBefore);
    const linkedIn = await publishFrom(h, user, 'linkedin', await insertLinkedInPost(h, user, 'After it'));
    const wordpress = await publishFrom(h, user, 'wordpress', await blog(h, user, 'Kept blog'));
    const facebook = await publishFrom(h, user, 'facebook', await facebookPost(h, user, 'Kept page'));
    expect(sandbox.platforms.linkedin.posts().map((post) => post.shownText)).toEqual([
      'Before the restart',
      'After it',
    ]);
    expect(sandbox.platforms.linkedin.posts()[1]?.urn).toBe(linkedIn.externalId);
    expect(sandbox.platforms.wordpress.posts('demo').map((post) => String(post.id))).toContain(
      wordpress.externalId,
    );
    expect(sandbox.platforms.meta.posts().map((post) => post.id)).toContain(facebook.externalId);
  });
});

describe('an API process and a worker process with PLATFORM_SANDBOX_URL', () => {
  let sandboxDir: string;
  let sandbox: PlatformSandbox;
  let api: Harness;
  let worker: Harness;
  beforeAll(async () => {
    sandboxDir = await tempDir('sales-assist-shared-sandbox-');
    // As `npm -w @sales-assist/platform-sandbox start` runs it.
    sandbox = await startPlatformSandbox({ port: 0, dataDir: sandboxDir });
    giveMetaAnApp(sandbox);
    const env = { PLATFORM_SANDBOX_URL: sandbox.url };
    api = await startHarness({ engine: false, role: 'api', env });
    worker = await startHarness({ engine: false, role: 'worker', env, database: api.database });
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await sandbox.close();
    await rm(sandboxDir, { recursive: true, force: true });
  });

  it('run no sandbox of their own, and use the apps of the shared one', () => {
    expect(api.services.platformSandbox).toBeNull();
    expect(worker.services.platformSandbox).toBeNull();
    expect(worker.deps.publishing.facebookLogin).toEqual({
      sdkUrl: `${sandbox.url}/facebook/sdk.js`,
      appId: sandbox.platforms.meta.app().appId,
      graphVersion: api.config.meta.graphVersion,
    });
  });

  it('the worker publishes with the tokens the API process got, and the API process reads the posts back', async () => {
    const user = await seedUser(api);
    await connectLinkedIn(api, user);
    await connectFacebookWith(api, user, sandbox);
    await connectWordpressAt(api, user, sandbox.url);

    for (const [platform, item] of [
      ['linkedin', await insertLinkedInPost(api, user, 'Published by the worker')],
      ['facebook', await facebookPost(api, user, 'Published by the worker too')],
      ['wordpress', await blog(api, user, 'Written by the worker')],
    ] as const) {
      const published = await publishFrom(worker, user, platform, item);
      const connection = await connectionOf(api, user, platform);
      const lookup = await publisherFor(platform).lookFor(
        api.deps,
        pieceOf(api, item, connection),
        new Date(Date.now() - 60_000),
      );
      expect(lookup).toMatchObject({ found: { externalId: published.externalId } });
    }
    expect(sandbox.platforms.linkedin.posts()).toHaveLength(1);
    expect(sandbox.platforms.meta.posts().map((post) => post.message)).toEqual([
      'Published by the worker too',
    ]);
    expect(sandbox.platforms.wordpress.posts('demo').map((post) => post.title)).toEqual([
      'Written by the worker',
    ]);
  });

  it("a post scheduled through the API process is published by the worker's job, once, to the shared sandbox", async () => {
    const user = await seedUser(api);
    await connectLinkedIn(api, user);
    await connectWordpressAt(api, user, sandbox.url);
    const call = callAs(api);
    const now = new Date();
    if (now.getUTCSeconds() >= 57) await new Promise((resolve) => setTimeout(resolve, 4_000));
    const minute = new Date();
    const at = {
      date: minute.toISOString().slice(0, 10),
      hours: String(minute.getUTCHours()).padStart(2, '0'),
      minutes: String(minute.getUTCMinutes()).padStart(2, '0'),
      time_zone: 'UTC',
    };
    const post = await seedLinkedinPost(api, user, { body: 'Scheduled by the API, sent by the worker' });
    const blogPost = await seedBlog(api, user, { title: 'Scheduled by the API process' });
    for (const [item, platform] of [
      [post, 'linkedin'],
      [blogPost, 'wordpress'],
    ] as const) {
      const connection = await connectionOf(api, user, platform);
      const answer = await call(user, 'POST', '/schedule', {
        contentID: item.id,
        platforms: [connection.id],
        ...at,
      });
      expect(answer.statusCode).toBe(201);
    }

    const settled = async (contentId: number): Promise<TScheduleItem | undefined> => {
      const deadline = Date.now() + 30_000;
      let item: TScheduleItem | undefined;
      while (Date.now() < deadline) {
        item = (await call(user, 'GET', `/schedule?content_id=${contentId}`)).json<TScheduleListResponse>()
          .data[0];
        if (item?.status === 'published' || item?.status === 'failed') return item;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return item;
    };
    expect(await settled(post.id)).toMatchObject({ status: 'published', failure_reason: null });
    expect(await settled(blogPost.id)).toMatchObject({ status: 'published', failure_reason: null });
    expect(
      sandbox.platforms.linkedin
        .posts()
        .filter((p) => p.shownText === 'Scheduled by the API, sent by the worker'),
    ).toHaveLength(1);
    expect(
      sandbox.platforms.wordpress.posts('demo').filter((p) => p.title === 'Scheduled by the API process'),
    ).toHaveLength(1);
  });

  it('a process refuses to start when the sandbox at PLATFORM_SANDBOX_URL cannot be reached', async () => {
    const { openPlatformSandbox } = await import('../src/lib/clients/publishing/publishing-clients');
    const config = { ...api.config, platformSandboxUrl: 'http://127.0.0.1:9' };
    await expect(openPlatformSandbox(config, { waitMs: 0 })).rejects.toThrow(
      /platform sandbox at PLATFORM_SANDBOX_URL=http:\/\/127\.0\.0\.1:9 cannot be reached/,
    );
  });
});
