import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LinkedInSandbox, startLinkedInSandbox } from './index';
import { openBrowser } from './test-support';

let sandbox: LinkedInSandbox;

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({ networkSize: 300 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.control.reset());

const NORMALIZED = { accept: 'application/vnd.linkedin.normalized+json+2.1' };

describe('sessions and CSRF', () => {
  it('gives a browser a JSESSIONID on its first page load, and not again once it has one', async () => {
    const first = await fetch(`${sandbox.url}/`, {
      headers: { cookie: 'li_at=AQEDAone' },
      redirect: 'manual',
    });
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='));
    expect(cookie).toMatch(/^JSESSIONID="ajax:\d{19}"/);
    const again = await fetch(`${sandbox.url}/feed/`, {
      headers: { cookie: 'li_at=AQEDAone; JSESSIONID="ajax:1"' },
      redirect: 'manual',
    });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('lets any non-empty li_at in when the csrf-token header equals the JSESSIONID cookie', async () => {
    const browser = await openBrowser(sandbox.url, 'AQEDAanything-at-all');
    expect(browser.jsessionId).toMatch(/^ajax:/);
    const me = await browser.call('GET', '/voyager/api/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('content-type')).toContain('application/vnd.linkedin.normalized+json+2.1');
  });

  it('refuses API calls without the CSRF token, or with another one, like LinkedIn (403)', async () => {
    const browser = await openBrowser(sandbox.url, 'AQEDAone');
    const missing = await fetch(`${sandbox.url}/voyager/api/me`, {
      headers: { ...NORMALIZED, cookie: `li_at=AQEDAone; JSESSIONID="${browser.jsessionId}"` },
    });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toBe('CSRF check failed.');
    const wrong = await browser.call('GET', '/voyager/api/me', undefined, { 'csrf-token': 'ajax:0000' });
    expect(wrong.status).toBe(403);
    const noCookie = await fetch(`${sandbox.url}/voyager/api/me`, {
      headers: { ...NORMALIZED, cookie: 'li_at=AQEDAone', 'csrf-token': browser.jsessionId },
    });
    expect(noCookie.status).toBe(403);
  });

  it('answers 401 to API calls without a session cookie', async () => {
    const res = await fetch(`${sandbox.url}/voyager/api/me`, {
      headers: { ...NORMALIZED, cookie: 'JSESSIONID="ajax:1"', 'csrf-token': 'ajax:1' },
    });
    expect(res.status).toBe(401);
  });

  it('ends an expired session: 401 (or login redirect, or a deleted li_at) for API calls, /login for pages', async () => {
    const browser = await openBrowser(sandbox.url, 'AQEDAone');
    sandbox.control.expireSession('AQEDAone');
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(401);
    const page = await fetch(`${sandbox.url}/feed/`, {
      headers: { cookie: 'li_at=AQEDAone' },
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/login\?/);
    expect(page.headers.getSetCookie().join()).toContain('li_at=delete me');

    sandbox.control.expireSession('AQEDAone', 'redirect');
    const redirected = await browser.call('GET', '/voyager/api/me');
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toMatch(/^\/uas\/login\?session_redirect=/);

    sandbox.control.expireSession('AQEDAone', 'cleared');
    const cleared = await browser.call('GET', '/voyager/api/me');
    expect(cleared.headers.getSetCookie().join()).toContain('li_at=delete me');

    const renewed = sandbox.control.renewSession('AQEDAone');
    const fresh = await openBrowser(sandbox.url, renewed);
    const me = await fresh.call('GET', '/voyager/api/me');
    expect(me.status).toBe(200);
    const before = await (await openBrowser(sandbox.url, 'AQEDAother')).call('GET', '/voyager/api/me');
    expect(me.body).not.toEqual(before.body);
    expect(sandbox.control.memberState(renewed).member).toEqual(
      sandbox.control.memberState('AQEDAone').member,
    );
  });

  it('throttles the next calls with 429 (Retry-After) or 999, then lets calls through again', async () => {
    const browser = await openBrowser(sandbox.url, 'AQEDAone');
    sandbox.control.throttle('AQEDAone', { calls: 2, status: 429, retryAfterSeconds: 120 });
    const first = await browser.call('GET', '/voyager/api/me');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('120');
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(429);
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(200);
    sandbox.control.throttle('AQEDAone', { status: 999 });
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(999);
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(200);
  });

  it('sends a challenged session to /checkpoint/challenge until the challenge is resolved', async () => {
    const browser = await openBrowser(sandbox.url, 'AQEDAone');
    sandbox.control.challenge('AQEDAone');
    const api = await browser.call('GET', '/voyager/api/me');
    expect(api.status).toBe(302);
    expect(api.headers.get('location')).toMatch(/^\/checkpoint\/challenge\//);
    const page = await fetch(`${sandbox.url}/`, {
      headers: { cookie: 'li_at=AQEDAone' },
      redirect: 'manual',
    });
    expect(page.headers.get('location')).toMatch(/^\/checkpoint\/challenge\//);
    sandbox.control.challenge('AQEDAone', 'forbidden');
    const forbidden = await browser.call('GET', '/voyager/api/me');
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).toContain('/checkpoint/challenge/');
    sandbox.control.resolveChallenge('AQEDAone');
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(200);
  });

  it('answers unknown Voyager paths 404 and unknown graphql query ids 400', async () => {
    const browser = await openBrowser(sandbox.url, 'AQEDAone');
    expect((await browser.call('GET', '/voyager/api/nothing/here')).status).toBe(404);
    expect(
      (await browser.call('GET', '/voyager/api/graphql?variables=()&queryId=voyagerNope.123')).status,
    ).toBe(400);
    expect(
      (
        await browser.call(
          'GET',
          '/voyager/api/graphql?variables=(start:0&queryId=voyagerSearchDashClusters.1',
        )
      ).status,
    ).toBe(400);
  });

  it('serves initials as profile pictures without a session', async () => {
    const [person] = sandbox.control.people({ limit: 50 }).people.filter((p) => p.pictureUrl);
    if (!person?.pictureUrl) throw new Error('expected a person with a picture');
    const res = await fetch(person.pictureUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });
});
