import { LINKEDIN_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinAccounts, searchImports } from '../src/db/schema';
import { createLinkedInGateway } from '../src/lib/clients/linkedin-gateway';
import { fixedClock } from '../src/lib/core/clock';
import { RECHECK_AFTER_MS } from '../src/modules/linkedin/li-at-expired';
import {
  FOUND_NOBODY,
  LINKEDIN_UNREACHABLE,
  runSearchImport,
} from '../src/modules/linkedin/search-import/run-search-import';
import { startSearchImport } from '../src/modules/linkedin/search-import/start-search-import';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock } });
});
afterAll(() => h.close());

const sandbox = () => {
  const running = h.services.sandbox;
  if (!running) throw new Error('the tests run against the sandbox');
  return running.control;
};
const storeCookie = (user: SeededUser, li_at: string) =>
  h.call('POST', '/api/linkedinAI/store_cookie', { token: user.accessToken, body: { li_at } });
const expiredCheck = (user: SeededUser) =>
  h.call('GET', '/api/linkedinAI/li_at_expired', { token: user.accessToken });
const SEARCH_URL =
  'https://www.linkedin.com/search/results/people/?keywords=marketing&origin=GLOBAL_SEARCH_HEADER';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
};

describe('LinkedIn session (store_cookie, li_at_expired)', () => {
  it('is not connected at first, and a checked cookie is kept sealed', async () => {
    const user = await seedUser(h);
    expect((await expiredCheck(user)).json()).toEqual({
      expired: false,
      connected: false,
      sandbox: true,
      name: null,
    });

    const saved = await storeCookie(user, 'li-at-of-jane');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(LINKEDIN_MESSAGES.cookieSaved);
    expect(saved.json().name).toMatch(/\w+ \w+/);

    const [row] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, user.user.id));
    expect(row?.liAtSealed).not.toContain('li-at-of-jane');
    expect(h.deps.vault.open(row?.liAtSealed ?? '')).toBe('li-at-of-jane');
    expect(row?.jsessionIdSealed).toBeTruthy();
    expect((await expiredCheck(user)).json()).toMatchObject({
      expired: false,
      connected: true,
      name: saved.json().name,
    });
  });

  it('refuses a cookie LinkedIn does not accept, with the reason in the answer', async () => {
    const user = await seedUser(h);
    sandbox().expireSession('stale-cookie');
    const res = await storeCookie(user, 'stale-cookie');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_cookie');
    expect(res.json().message).toContain('li_at');
    expect((await expiredCheck(user)).json().connected).toBe(false);
    const empty = await storeCookie(user, '   ');
    expect(empty.json()).toEqual({ error: 'validation_error', message: 'Please enter your li_at cookie' });
  });

  it('notices an expired session at the next check, at most every 15 minutes', async () => {
    const user = await seedUser(h);
    await storeCookie(user, 'li-at-soon-expired');
    sandbox().expireSession('li-at-soon-expired');
    expect((await expiredCheck(user)).json().expired).toBe(false);
    clock.advance(RECHECK_AFTER_MS);
    // The access token lived as long: the app would refresh it.
    const later = {
      ...user,
      accessToken: (await h.call('POST', '/api/refresh', { token: user.refreshToken })).json().access_token,
    };
    expect((await expiredCheck(later)).json()).toMatchObject({ expired: true, connected: true });
    const renewed = sandbox().renewSession('li-at-soon-expired');
    await storeCookie(later, renewed);
    expect((await expiredCheck(later)).json().expired).toBe(false);
  });
});

describe('POST /api/linkedinAI/search_result', () => {
  it('checks the URL, the list name and the session, in that order of the spec', async () => {
    const user = await seedUser(h);
    const call = (body: object) =>
      h.call('POST', '/api/linkedinAI/search_result', { token: user.accessToken, body });
    expect((await call({ search_url: '', list_name: 'x' })).json().message).toBe(
      LINKEDIN_MESSAGES.pasteSearchUrl,
    );
    expect((await call({ search_url: SEARCH_URL, list_name: '' })).json().message).toBe(
      LINKEDIN_MESSAGES.selectOrCreateList,
    );
    for (const url of [
      'not a url',
      'https://example.com/search/results/people/?keywords=x',
      'https://www.linkedin.com/company/acme/',
    ]) {
      const res = await call({ search_url: url, list_name: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LINKEDIN_MESSAGES.invalidSearchUrl);
    }
    const noSession = await call({ search_url: SEARCH_URL, list_name: 'x' });
    expect(noSession.statusCode).toBe(409);
    expect(noSession.json()).toEqual({
      error: 'linkedin_session_expired',
      message: LINKEDIN_MESSAGES.sessionExpired,
      expired: true,
    });
  });

  it('fills the list in the background, one automation at a time', async () => {
    const user = await seedUser(h);
    await storeCookie(user, 'li-at-importer');
    const started = await h.call('POST', '/api/linkedinAI/search_result', {
      token: user.accessToken,
      body: { search_url: SEARCH_URL, list_name: 'Marketing people' },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ expired: false, message: LINKEDIN_MESSAGES.importStarted });
    const second = await h.call('POST', '/api/linkedinAI/search_result', {
      token: user.accessToken,
      body: { search_url: SEARCH_URL, list_name: 'Another list' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(LINKEDIN_MESSAGES.automationInProgress);

    const lists = await waitFor(
      async () =>
        (
          await h.call('GET', '/api/linkedinAI/all_lists?page=0&limit=10', { token: user.accessToken })
        ).json(),
      (body) =>
        body.lists.find((l: { name: string }) => l.name === 'Marketing people')?.status === 'Not in Campaign',
      'the search import to finish',
    );
    const list = lists.lists.find((l: { name: string }) => l.name === 'Marketing people');
    expect(list.leadcount).toBeGreaterThan(10);
    const leads = (
      await h.call('GET', `/api/linkedinAI/leads_by_list?id=${list.id}`, { token: user.accessToken })
    ).json().leads;
    expect(leads).toHaveLength(list.leadcount);
    expect(leads[0]).toMatchObject({ Source: 'LinkedIn Search' });
    expect(leads[0]['Linkedin URL']).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[\w-]+$/);
    expect(new Set(leads.map((l: { 'Linkedin URL': string }) => l['Linkedin URL'])).size).toBe(leads.length);
    // Pictures come through the app's own origin, so a browser anywhere can show them.
    const pictured = leads.find((l: { 'Profile Image URL': string }) => l['Profile Image URL'] !== 'None');
    expect(pictured['Profile Image URL']).toMatch(/^\/sandbox-media\/dms\/image\/v2\//);
    const picture = await h.call('GET', pictured['Profile Image URL']);
    expect(picture.statusCode, pictured['Profile Image URL']).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect((await h.call('GET', '/sandbox-media/dms/image/v2/unknown/x')).statusCode).toBe(404);
    // The gateway paged through the search: several search calls reached the sandbox.
    const searches = sandbox()
      .requests('li-at-importer')
      .filter((r) => r.path.includes('graphql'));
    expect(searches.length).toBeGreaterThan(1);
  });

  it('says so on the list when the search finds nobody, rather than ending as a silent 0', async () => {
    const user = await seedUser(h);
    await storeCookie(user, 'li-at-nobody');
    const started = await h.call('POST', '/api/linkedinAI/search_result', {
      token: user.accessToken,
      body: {
        search_url:
          'https://www.linkedin.com/search/results/people/?keywords=qxzvjwqkpf&origin=GLOBAL_SEARCH_HEADER',
        list_name: 'Nobody',
      },
    });
    expect(started.statusCode).toBe(200);
    const lists = await waitFor(
      async () =>
        (
          await h.call('GET', '/api/linkedinAI/all_lists?page=0&limit=10', { token: user.accessToken })
        ).json(),
      (body) => body.lists.find((l: { name: string }) => l.name === 'Nobody')?.status === 'Not in Campaign',
      'the search import to finish',
    );
    expect(lists.lists.find((l: { name: string }) => l.name === 'Nobody')).toMatchObject({
      leadcount: 0,
      message: FOUND_NOBODY,
    });
  });

  it('an expired session ends the import with the reason and marks the account expired', async () => {
    const user = await seedUser(h);
    await storeCookie(user, 'li-at-dies');
    sandbox().expireSession('li-at-dies');
    const res = await h.call('POST', '/api/linkedinAI/search_result', {
      token: user.accessToken,
      body: { search_url: SEARCH_URL, list_name: 'Doomed' },
    });
    expect(res.statusCode).toBe(200);
    const lists = await waitFor(
      async () =>
        (
          await h.call('GET', '/api/linkedinAI/all_lists?page=0&limit=10', { token: user.accessToken })
        ).json(),
      (body) => body.lists[0]?.status === 'Error',
      'the import to fail',
    );
    expect(lists.lists[0].message).toBe('Your LinkedIn session has expired');
    expect((await expiredCheck(user)).json().expired).toBe(true);
    const again = await h.call('POST', '/api/linkedinAI/search_result', {
      token: user.accessToken,
      body: { search_url: SEARCH_URL, list_name: 'Doomed' },
    });
    expect(again.json().expired).toBe(true);
  });

  it('when LinkedIn stays unreachable, the last try ends the import and frees the account', async () => {
    const user = await seedUser(h);
    await storeCookie(user, 'li-at-unreachable');
    // Queue the import without running it, then run it by hand against a LinkedIn that never answers.
    const { list_id } = await startSearchImport(
      { ...h.deps, jobs: { send: async () => undefined } },
      user.user.id,
      {
        search_url: SEARCH_URL,
        list_name: 'Unreachable',
      },
    );
    const [job] = await h.deps.db.select().from(searchImports).where(eq(searchImports.listId, list_id));
    const offline = {
      ...h.deps,
      linkedin: {
        ...h.deps.linkedin,
        gateway: createLinkedInGateway({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }),
      },
    };
    await expect(runSearchImport(offline, job?.id ?? '', { lastAttempt: false })).rejects.toThrow();
    const [stillRunning] = await h.deps.db
      .select()
      .from(searchImports)
      .where(eq(searchImports.listId, list_id));
    expect(stillRunning?.state).toBe('running');

    await runSearchImport(offline, job?.id ?? '', { lastAttempt: true });
    const lists = (
      await h.call('GET', '/api/linkedinAI/all_lists?page=0&limit=10', { token: user.accessToken })
    ).json();
    expect(lists.lists[0]).toMatchObject({
      name: 'Unreachable',
      status: 'Error',
      message: LINKEDIN_UNREACHABLE,
    });
    const next = await h.call('POST', '/api/linkedinAI/search_result', {
      token: user.accessToken,
      body: { search_url: SEARCH_URL, list_name: 'Second try' },
    });
    expect(next.statusCode).toBe(200);
  });

  it("another user's session and lists are out of reach", async () => {
    const owner = await seedUser(h);
    await storeCookie(owner, 'li-at-owner');
    const other = await seedUser(h);
    expect((await expiredCheck(other)).json().connected).toBe(false);
  });
});
