import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';

/** What the Graph stand-in answers on the wire, for the cases the Meta client's tests do not reach. */

let sandbox: PlatformSandbox;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-23T10:00:00Z');
  sandbox = await startPlatformSandbox({ now: () => new Date(now) });
});
afterEach(async () => {
  await sandbox.close();
});

const graph = (path: string, token: string | null, init: RequestInit = {}) =>
  fetch(`${sandbox.url}/graph/v26.0${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const pageAndToken = async () => {
  const meta = sandbox.platforms.meta;
  const user = meta.issueUserToken(meta.defaultUser().id, { expiresInSeconds: 60 * 86_400 });
  const accounts = (await (
    await graph('/me/accounts?fields=instagram_business_account', user.value)
  ).json()) as {
    data: Array<{ id: string; access_token: string; instagram_business_account?: { id: string } }>;
  };
  const page = accounts.data[0];
  if (!page?.instagram_business_account) throw new Error('seeded page expected');
  return { pageId: page.id, token: page.access_token, igUserId: page.instagram_business_account.id };
};

describe('the Graph API stand-in', () => {
  it("answers errors in Graph's shape, and a call without a token as Graph does", async () => {
    const response = await graph('/me', null);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: 'An active access token must be used to query information about the current user.',
        type: 'OAuthException',
        code: 2500,
        fbtrace_id: expect.any(String),
      },
    });
    const badVersion = await fetch(`${sandbox.url}/graph/latest/me`);
    expect(((await badVersion.json()) as { error: { code: number } }).error.code).toBe(2500);
  });

  it("reports usage in X-App-Usage and each page's X-Business-Use-Case-Usage, and refuses at 100% (#32, regain time)", async () => {
    const { pageId, token } = await pageAndToken();
    sandbox.platforms.meta.setUsage({ page: { total_cputime: 91 } });
    const ok = await graph(`/${pageId}/feed`, token, form({ message: 'Hi' }));
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.headers.get('x-app-usage') ?? '{}')).toEqual({
      call_count: expect.any(Number),
      total_time: 0,
      total_cputime: 0,
    });
    expect(JSON.parse(ok.headers.get('x-business-use-case-usage') ?? '{}')).toEqual({
      [pageId]: [
        {
          type: 'pages',
          call_count: 0,
          total_time: 0,
          total_cputime: 91,
          estimated_time_to_regain_access: 0,
        },
      ],
    });

    sandbox.platforms.meta.setUsage({ page: { total_cputime: 100 } });
    const refused = await graph(`/${pageId}/feed`, token, form({ message: 'Again' }));
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(32);
    expect(JSON.parse(refused.headers.get('x-business-use-case-usage') ?? '{}')[pageId][0]).toMatchObject({
      estimated_time_to_regain_access: 15,
    });
    expect(sandbox.platforms.meta.posts()).toHaveLength(1);
  });

  it('counts the calls of the last hour in the app usage (200 calls an hour)', async () => {
    const { token } = await pageAndToken();
    for (let i = 0; i < 9; i++) await graph('/me', token);
    const usage = JSON.parse((await graph('/me', token)).headers.get('x-app-usage') ?? '{}') as {
      call_count: number;
    };
    expect(usage.call_count).toBe(6); // 11 calls of 200 (the accounts listing included)
    now += 3_600_001;
    expect(sandbox.platforms.meta.usage().app.call_count).toBe(0);
  });

  it('refuses to publish a container that is not ready (9007) or has expired after 24 hours (2207008)', async () => {
    const { token, igUserId } = await pageAndToken();
    sandbox.platforms.meta.setContainerProcessing({ ms: 10_000 });
    const created = (await (
      await graph(
        `/${igUserId}/media`,
        token,
        form({ image_url: `${sandbox.url}/graph/pictures/a.png`, caption: 'c' }),
      )
    ).json()) as { id: string };
    const publish = () => graph(`/${igUserId}/media_publish`, token, form({ creation_id: created.id }));
    const early = (await (await publish()).json()) as { error: { code: number; error_subcode: number } };
    expect(early.error).toMatchObject({ code: 9007, error_subcode: 2207027 });
    const status = async () =>
      ((await (await graph(`/${created.id}?fields=status_code`, token)).json()) as { status_code: string })
        .status_code;
    expect(await status()).toBe('IN_PROGRESS');
    now += 10_000;
    expect(await status()).toBe('FINISHED');
    now += 24 * 3_600_000;
    expect(await status()).toBe('EXPIRED');
    const late = (await (await publish()).json()) as { error: { code: number; error_subcode: number } };
    expect(late.error).toMatchObject({ code: 100, error_subcode: 2207008 });
    expect(sandbox.platforms.meta.media()).toEqual([]);
  });

  it("hides another person's page (100/33) and needs the page's own token to post as it (#200)", async () => {
    const meta = sandbox.platforms.meta;
    const { pageId } = await pageAndToken();
    const stranger = meta.addUser({ name: 'Stranger' });
    meta.addPage(stranger.id);
    const strangerToken = meta.issueUserToken(stranger.id).value;
    const hidden = (await (await graph(`/${pageId}`, strangerToken)).json()) as {
      error: { code: number; error_subcode: number };
    };
    expect(hidden.error).toMatchObject({ code: 100, error_subcode: 33 });
    const ownerUserToken = meta.issueUserToken(meta.defaultUser().id).value;
    const asUser = await graph(`/${pageId}/feed`, ownerUserToken, form({ message: 'Hi' }));
    expect(asUser.status).toBe(403);
    expect(((await asUser.json()) as { error: { code: number } }).error.code).toBe(200);
  });

  it('is controlled over HTTP too: app, tokens, usage, containers, quota, reset', async () => {
    const control = (path: string, body: unknown) =>
      fetch(`${sandbox.url}/__sandbox/meta${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await control('/app', { appId: 'app-1', appSecret: 'secret' })).status).toBe(200);
    expect((await control('/usage', { app: { call_count: 95 } })).status).toBe(200);
    expect((await control('/containers', { ms: null })).status).toBe(200);
    expect((await control('/quota', { total: 25 })).status).toBe(200);
    expect((await control('/usage', { app: { call_count: 'lots' } })).status).toBe(400);
    const user = sandbox.platforms.meta.defaultUser();
    const token = sandbox.platforms.meta.issueUserToken(user.id);
    expect((await control('/tokens', { user_id: user.id, death: 'password_changed' })).status).toBe(200);
    expect(sandbox.platforms.meta.token(token.value)?.dead).toBe('password_changed');

    const world = (await (await fetch(`${sandbox.url}/__sandbox/meta`)).json()) as Record<string, unknown>;
    expect(world).toMatchObject({
      app: { appId: 'app-1', secretSet: true },
      usage: { app: { call_count: 95 } },
      publishingQuota: 25,
    });
    expect(JSON.stringify(world)).not.toContain('secret"');
    await fetch(`${sandbox.url}/__sandbox/meta/reset`, { method: 'POST' });
    expect(sandbox.platforms.meta.app()).toEqual({ appId: null, appSecret: null });
    expect(sandbox.platforms.meta.users().map((u) => u.name)).toEqual(['Sandbox Marketer']);
  });
});
