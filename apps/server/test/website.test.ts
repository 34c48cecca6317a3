import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../src/db/schema';
import type { SafeFetch } from '../src/lib/security/safe-fetch';
import { reloadUser, type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const ACME_HOME = readFileSync(path.join(import.meta.dirname, 'fixtures/website/acme-home.html'), 'utf8');
const ACME_PROFILE = {
  name: 'Acme Robotics',
  description: 'Acme Robotics builds autonomous picking robots for mid-size warehouses & 3PLs.',
  keywords: ['warehouse robots', 'picking automation', '3PL', 'logistics AI'],
  headings: ['Pick faster. Ship sooner.', 'Why Acme', 'Live in 6 weeks', 'Pay per pick', 'Customers'],
};

/** A company website on 127.0.0.1: only reachable because the harness allowlists its host:port. */
let site: Server;
let siteUrl: string;
const siteHits: string[] = [];

let h: Harness;
/** The same app with nothing allowlisted: how production sees 127.0.0.1. */
let strict: Harness;

beforeAll(async () => {
  site = createServer((req, res) => {
    siteHits.push(req.url ?? '/');
    switch (req.url) {
      case '/':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ACME_HOME);
        return;
      case '/old-home':
        res.writeHead(301, { location: '/' }).end();
        return;
      case '/beta':
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<html><head><title>Home | Acme Beta - robots, but newer</title></head><body><h1>Beta</h1></body></html>',
          );
        return;
      case '/intranet':
        res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
        return;
      case '/brochure.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 not really');
        return;
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.on('error', () => undefined);
        res.end(`<html><body>${'<p>filler</p>'.repeat(300_000)}</body></html>`);
        return;
      }
      default:
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}`;
  h = await startHarness({ env: { SAFE_FETCH_ALLOWLIST: `127.0.0.1:${port}` } });
  strict = await startHarness();
});

afterAll(async () => {
  await h?.close();
  await strict?.close();
  site.closeAllConnections();
  site.close();
});

const addWebsite = (harness: Harness, user: SeededUser | null, body: Record<string, unknown>) =>
  harness.call('POST', '/api/add_website', { token: user?.accessToken, body });

const websiteRow = async (harness: Harness, userId: string) => {
  const [row] = await harness.deps.db.select().from(websites).where(eq(websites.userId, userId));
  return row;
};

/** After a failed call the account looks exactly as before: no half-written profile. */
const expectNothingWritten = async (harness: Harness, user: SeededUser) => {
  const reloaded = await reloadUser(harness, user.user.id);
  expect(reloaded).toMatchObject({ websiteCheck: false, websiteUrl: null, websiteName: null });
  expect(await websiteRow(harness, user.user.id)).toBeUndefined();
};

describe('POST /api/add_website', () => {
  it('reads the site, answers its name and keeps the company profile', async () => {
    const user = await seedUser(h);
    const response = await addWebsite(h, user, { email: user.email, website_url: `${siteUrl}/` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ website_name: 'Acme Robotics', message: 'Website Added' });

    const me = await h.call('GET', '/api/me', { token: user.accessToken });
    expect(me.json()).toMatchObject({
      website_check: true,
      website_name: 'Acme Robotics',
      website_url: `${siteUrl}/`,
    });

    const row = await websiteRow(h, user.user.id);
    expect(row).toMatchObject({ url: `${siteUrl}/`, finalUrl: `${siteUrl}/`, ...ACME_PROFILE });
    expect(row?.fetchedAt).toBeInstanceOf(Date);
  });

  it("names the account's company from the site until the user has named it", async () => {
    const user = await seedUser(h);
    expect((await reloadUser(h, user.user.id))?.companyName).toBe('Company Name');
    await addWebsite(h, user, { website_url: `${siteUrl}/` });
    expect((await reloadUser(h, user.user.id))?.companyName).toBe('Acme Robotics');

    const named = await seedUser(h);
    await h.call('PUT', '/api/me', { token: named.accessToken, body: { companyName: 'Acme Holdings' } });
    await addWebsite(h, named, { website_url: `${siteUrl}/` });
    expect((await reloadUser(h, named.user.id))?.companyName).toBe('Acme Holdings');
  });

  it('follows a redirect, keeps the URL as given and the final URL apart, and replaces an earlier profile', async () => {
    const user = await seedUser(h);
    const first = await addWebsite(h, user, { website_url: `${siteUrl}/beta` });
    // No og:site_name here: the title without "Home" and without its tagline.
    expect(first.json()).toEqual({ website_name: 'Acme Beta', message: 'Website Added' });
    expect(await websiteRow(h, user.user.id)).toMatchObject({
      name: 'Acme Beta',
      description: null,
      keywords: [],
      headings: ['Beta'],
    });

    const before = siteHits.length;
    const second = await addWebsite(h, user, {
      email: user.email.toUpperCase(),
      website_url: `  ${siteUrl}/old-home `,
    });
    expect(second.json()).toEqual({ website_name: 'Acme Robotics', message: 'Website Added' });
    // The home page, then the pages its navigation links to and its stylesheet (a 404 is skipped).
    expect(siteHits.slice(before)).toEqual(
      expect.arrayContaining(['/old-home', '/', '/pricing', '/blog', '/site.css']),
    );
    expect(siteHits.slice(before).slice(0, 2)).toEqual(['/old-home', '/']);
    expect(await websiteRow(h, user.user.id)).toMatchObject({
      url: `${siteUrl}/old-home`,
      finalUrl: `${siteUrl}/`,
      ...ACME_PROFILE,
    });
    expect(await h.deps.db.select().from(websites).where(eq(websites.userId, user.user.id))).toHaveLength(1);
    expect(await reloadUser(h, user.user.id)).toMatchObject({
      websiteUrl: `${siteUrl}/old-home`,
      websiteName: 'Acme Robotics',
    });
  });

  it('adds https:// to a URL given without a scheme', async () => {
    // Through the real fetcher: the test site speaks plain http, so the https attempt fails, naming the normalised URL.
    const user = await seedUser(h);
    const host = siteUrl.replace('http://', '');
    const response = await addWebsite(h, user, { website_url: host });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('website_unreachable');
    expect(response.json().message).toMatch(
      new RegExp(`^We could not read https://${host.replace(/\./g, '\\.')}: `),
    );
    await expectNothingWritten(h, user);

    // With a stand-in fetcher the same input succeeds and is stored normalised.
    const asked: string[] = [];
    const fakeFetch: SafeFetch = async (url) => {
      asked.push(url);
      return {
        finalUrl: 'https://www.acme.example/',
        status: 200,
        contentType: 'text/html',
        body: '<p>no title</p>',
      };
    };
    const stubbed = await startHarness({ deps: { safeFetch: fakeFetch } });
    try {
      const other = await seedUser(stubbed);
      const ok = await addWebsite(stubbed, other, { website_url: 'acme.example' });
      expect(ok.json()).toEqual({ website_name: 'acme.example', message: 'Website Added' });
      expect(asked).toEqual(['https://acme.example']);
      expect(await reloadUser(stubbed, other.user.id)).toMatchObject({
        websiteCheck: true,
        websiteUrl: 'https://acme.example',
      });
    } finally {
      await stubbed.close();
    }
  });

  it("refuses another account's email address", async () => {
    const user = await seedUser(h);
    const before = siteHits.length;
    const response = await addWebsite(h, user, {
      email: 'someone-else@example.com',
      website_url: `${siteUrl}/`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'email_mismatch',
      message: 'The email address does not match the signed-in account.',
    });
    expect(siteHits.length).toBe(before);
    await expectNothingWritten(h, user);
  });

  it('needs a signed-in caller and a valid URL', async () => {
    const anonymous = await addWebsite(h, null, { website_url: `${siteUrl}/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('invalid_token');

    const user = await seedUser(h);
    const empty = await addWebsite(h, user, { website_url: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'validation_error', message: 'Website URL is required' });

    const inactive = await seedUser(h, { active: false });
    const blocked = await addWebsite(h, inactive, { website_url: `${siteUrl}/` });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('inactive');
  });

  it.each([
    ['the test site itself', () => `${siteUrl}/`, /127\.0\.0\.1 is a loopback address/],
    ['localhost', () => 'http://localhost', /localhost is this server itself/],
    [
      'cloud metadata',
      () => 'http://169.254.169.254/latest/meta-data',
      /169\.254\.169\.254 is a link-local address/,
    ],
    ['IPv6 loopback', () => 'http://[::1]/', /::1 is a loopback address/],
    ['IPv4-mapped loopback', () => 'http://[::ffff:127.0.0.1]/', /IPv4-mapped address carrying a loopback/],
    ['hex loopback', () => 'http://0x7f000001/', /127\.0\.0\.1 is a loopback address/],
    ['decimal loopback', () => 'http://2130706433/', /127\.0\.0\.1 is a loopback address/],
    ['a private network', () => 'https://10.0.0.1/', /10\.0\.0\.1 is a private network address/],
    ['ftp', () => 'ftp://x', /only http and https addresses can be read, not ftp/],
    ['a file', () => 'file:///etc/passwd', /only http and https addresses can be read, not file/],
    ['credentials', () => 'http://admin:secret@example.com/', /user name or password/],
  ])('refuses %s as unsafe_url and writes nothing', async (_label, target, reason) => {
    const user = await seedUser(strict);
    const before = siteHits.length;
    const url = target();
    const response = await addWebsite(strict, user, { email: user.email, website_url: url });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('unsafe_url');
    expect(response.json().message).toMatch(reason);
    expect(response.json().message).toMatch(/^We cannot read /);
    expect(siteHits.length).toBe(before);
    await expectNothingWritten(strict, user);
  });

  it('refuses a redirect from the allowlisted site to a private address', async () => {
    const user = await seedUser(h);
    const response = await addWebsite(h, user, { website_url: `${siteUrl}/intranet` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'unsafe_url',
      message: `We cannot read ${siteUrl}/intranet: 10.0.0.1 is a private network address.`,
    });
    await expectNothingWritten(h, user);
  });

  it.each([
    ['a PDF', '/brochure.pdf', 'it is not a web page (application/pdf).'],
    ['a page over 2 MiB', '/huge', 'the page is larger than 2 MiB.'],
    ['a missing page', '/gone', 'it answered with HTTP status 404.'],
  ])('answers website_unreachable for %s and writes nothing', async (_label, pathname, why) => {
    const user = await seedUser(h);
    const response = await addWebsite(h, user, { website_url: `${siteUrl}${pathname}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'website_unreachable',
      message: `We could not read ${siteUrl}${pathname}: ${why}`,
    });
    await expectNothingWritten(h, user);
  });

  it('keeps the earlier profile when a later add fails', async () => {
    const user = await seedUser(h);
    expect((await addWebsite(h, user, { website_url: `${siteUrl}/` })).statusCode).toBe(200);
    const failed = await addWebsite(h, user, { website_url: `${siteUrl}/brochure.pdf` });
    expect(failed.json().error).toBe('website_unreachable');
    expect(await reloadUser(h, user.user.id)).toMatchObject({
      websiteCheck: true,
      websiteUrl: `${siteUrl}/`,
      websiteName: 'Acme Robotics',
    });
    expect(await websiteRow(h, user.user.id)).toMatchObject({ url: `${siteUrl}/`, ...ACME_PROFILE });
  });
});

describe('POST /api/skip_website', () => {
  const login = (harness: Harness, user: SeededUser) =>
    harness.call('POST', '/api/loginv2', {
      body: { email: user.email, password: user.password, captcha_token: '' },
    });

  it('settles the website step without a website, so the next sign-in goes to the app', async () => {
    const user = await seedUser(h, { websiteCheck: false });
    expect((await login(h, user)).json()).toMatchObject({ website_check: false, website_url: null });

    const skipped = await h.call('POST', '/api/skip_website', { token: user.accessToken });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toEqual({ message: 'You can add your website later', website_check: true });

    const again = (await login(h, user)).json();
    expect(again).toMatchObject({ website_check: true, website_url: null, website_name: null });
    expect(Object.keys(again).sort()).toEqual(
      [
        'access_token',
        'credits',
        'is_active',
        'is_admin',
        'refresh_token',
        'subscription_type',
        'website_check',
        'website_name',
        'website_url',
      ].sort(),
    );
    const me = await h.call('GET', '/api/me', { token: again.access_token });
    expect(me.json()).toMatchObject({ website_check: true, website_url: null });
  });

  it('keeps a website already added, and a later add still works', async () => {
    const user = await seedUser(h, { websiteCheck: false });
    expect((await addWebsite(h, user, { website_url: `${siteUrl}/` })).statusCode).toBe(200);
    await h.call('POST', '/api/skip_website', { token: user.accessToken });
    const kept = await reloadUser(h, user.user.id);
    expect(kept).toMatchObject({
      websiteCheck: true,
      websiteUrl: `${siteUrl}/`,
      websiteName: 'Acme Robotics',
    });

    const other = await seedUser(h, { websiteCheck: false });
    await h.call('POST', '/api/skip_website', { token: other.accessToken });
    expect((await addWebsite(h, other, { website_url: `${siteUrl}/` })).json().website_name).toBe(
      'Acme Robotics',
    );
    expect(await reloadUser(h, other.user.id)).toMatchObject({
      websiteCheck: true,
      websiteUrl: `${siteUrl}/`,
    });
  });

  it('needs a signed-in, active caller', async () => {
    const anonymous = await h.call('POST', '/api/skip_website', {});
    expect(anonymous.statusCode).toBe(401);
    const inactive = await seedUser(h, { active: false, websiteCheck: false });
    const blocked = await h.call('POST', '/api/skip_website', { token: inactive.accessToken });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('inactive');
    expect((await reloadUser(h, inactive.user.id)).websiteCheck).toBe(false);
  });
});
