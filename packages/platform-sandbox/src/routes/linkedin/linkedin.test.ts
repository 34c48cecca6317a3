import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { renderLittleText } from './world';

let sandbox: PlatformSandbox;
beforeAll(async () => {
  sandbox = await startPlatformSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.platforms.linkedin.reset());

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
});

/** A member token straight from the world, as the OAuth flow would give. */
const tokenFor = (scopes = ['openid', 'profile', 'email', 'w_member_social']) => {
  const world = sandbox.platforms.linkedin as unknown as {
    issueToken: (sub: string, scopes: string[]) => { value: string };
  };
  const sub = sandbox.platforms.linkedin.members()[0]?.sub ?? '';
  return { sub, token: world.issueToken(sub, scopes).value };
};

describe('LinkedIn stand-in', () => {
  it('shows an error page for an unknown app and redirects an unknown scope back with invalid_scope', async () => {
    const unknownApp = await fetch(
      `${sandbox.url}/linkedin/oauth/v2/authorization?response_type=code&client_id=nope&redirect_uri=http://a.test/cb&state=s&scope=openid`,
    );
    expect(unknownApp.status).toBe(400);
    expect(unknownApp.headers.get('content-type')).toContain('text/html');
    const badScope = await fetch(
      `${sandbox.url}/linkedin/oauth/v2/authorization?response_type=code&client_id=sandbox-linkedin-client&redirect_uri=http://a.test/cb&state=s&scope=openid%20r_everything`,
      { redirect: 'manual' },
    );
    const back = new URL(badScope.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('state')).toBe('s');
  });

  it('wants a live LinkedIn-Version and Rest.li 2.0.0 on /rest/posts', async () => {
    const { sub, token } = tokenFor();
    const post = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}/linkedin/rest/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          author: `urn:li:person:${sub}`,
          commentary: 'Hi',
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED' },
          lifecycleState: 'PUBLISHED',
        }),
      });
    const missing = await post({ 'x-restli-protocol-version': '2.0.0' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'VERSION_MISSING' });
    const future = await post({ 'linkedin-version': '209912', 'x-restli-protocol-version': '2.0.0' });
    expect(future.status).toBe(400);
    const noRestli = await post({ 'linkedin-version': '202610' });
    expect(await noRestli.json()).toMatchObject({ code: 'INVALID_PROTOCOL_VERSION' });
    const ok = await post({ 'linkedin-version': '202610', 'x-restli-protocol-version': '2.0.0' });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d+$/);
  });

  it('refuses posting without w_member_social', async () => {
    const { sub, token } = tokenFor(['openid', 'profile']);
    const answer = await fetch(`${sandbox.url}/linkedin/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'linkedin-version': '202610',
        'x-restli-protocol-version': '2.0.0',
      },
      body: JSON.stringify({ author: `urn:li:person:${sub}` }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'ACCESS_DENIED', serviceErrorCode: 100 });
  });

  it('is controlled over HTTP, never showing token values', async () => {
    const { sub, token } = tokenFor();
    const member = await fetch(`${sandbox.url}/__sandbox/linkedin/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bo Other', email: 'bo@example.com' }),
    }).then((r) => r.json() as Promise<{ sub: string }>);
    expect(sandbox.platforms.linkedin.members().map((m) => m.name)).toContain('Bo Other');
    await fetch(`${sandbox.url}/__sandbox/linkedin/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub: member.sub }),
    });
    expect(sandbox.platforms.linkedin.signedIn().name).toBe('Bo Other');
    const killed = await fetch(`${sandbox.url}/__sandbox/linkedin/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub, death: 'revoked' }),
    }).then((r) => r.json());
    expect(killed).toEqual({ killed: 1 });
    const state = await fetch(`${sandbox.url}/__sandbox/linkedin`).then((r) => r.text());
    expect(state).not.toContain(token);
    expect(JSON.parse(state).tokens[0]).toMatchObject({ sub, revoked: true });
    const bad = await fetch(`${sandbox.url}/__sandbox/linkedin/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub, death: 'sleepy' }),
    });
    expect(bad.status).toBe(400);
    const revoke = await fetch(
      `${sandbox.url}/linkedin/oauth/v2/revoke`,
      form({ client_id: 'x', client_secret: 'y', token }),
    );
    expect(revoke.status).toBe(401);
  });

  it('shows little text as LinkedIn does: escapes undone, cut at an unescaped reserved character', () => {
    expect(renderLittleText('a \\(b\\) c')).toBe('a (b) c');
    expect(renderLittleText('a (b) c')).toBe('a ');
    expect(renderLittleText('Go #Team go')).toBe('Go #Team go');
    expect(renderLittleText('Hi @[Ada](urn:li:person:1) there')).toBe('Hi Ada there');
  });
});

describe('WordPress stand-in', () => {
  it('adds sites and users over HTTP and wants a Content-Disposition for media', async () => {
    const added = await fetch(`${sandbox.url}/__sandbox/wordpress/sites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'acme', title: 'Acme news' }),
    }).then((r) => r.json() as Promise<{ url: string }>);
    expect(added.url).toBe(`${sandbox.url}/wp/acme`);
    const user = await fetch(`${sandbox.url}/__sandbox/wordpress/sites/acme/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ann', role: 'author' }),
    }).then((r) => r.json() as Promise<{ applicationPassword: string }>);
    expect(user.applicationPassword).toMatch(/^(\w{4} ){5}\w{4}$/);
    const auth = `Basic ${Buffer.from(`ann:${user.applicationPassword}`).toString('base64')}`;
    const noName = await fetch(`${added.url}/wp-json/wp/v2/media`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'image/png' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ code: 'rest_upload_no_content_disposition' });
    const noRoute = await fetch(`${added.url}/wp-json/wp/v2/nothing`);
    expect(await noRoute.json()).toMatchObject({ code: 'rest_no_route' });
    const unknownSite = await fetch(`${sandbox.url}/__sandbox/wordpress/sites/none/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x' }),
    });
    expect(unknownSite.status).toBe(404);
  });
});
