import { LINKEDIN_MESSAGES, type TLeadImportRequest } from '@sales-assist/contract';
import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchImports } from '../src/db/schema';
import { createLinkedInGateway } from '../src/lib/clients/linkedin-gateway';
import { fixedClock } from '../src/lib/core/clock';
import { NOT_CONNECTED, REFUSALS } from '../src/modules/linkedin/search-import/import-sources';
import { runSearchImport } from '../src/modules/linkedin/search-import/run-search-import';
import { startLeadImport } from '../src/modules/linkedin/search-import/start-lead-import';
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
  return running;
};
const connect = async (li_at: string): Promise<SeededUser> => {
  const user = await seedUser(h);
  const saved = await h.call('POST', '/api/linkedinAI/store_cookie', {
    token: user.accessToken,
    body: { li_at },
  });
  expect(saved.statusCode).toBe(200);
  return user;
};
const leadImport = (user: SeededUser, body: TLeadImportRequest | Record<string, unknown>) =>
  h.call('POST', '/api/linkedinAI/lead_import', { token: user.accessToken, body });

type ListRow = { id: number; name: string; status: string; message: string; leadcount: number };
const listsOf = async (user: SeededUser): Promise<ListRow[]> =>
  (await h.call('GET', '/api/linkedinAI/all_lists?page=0&limit=50', { token: user.accessToken })).json()
    .lists;

/** Waits until the import of a list has ended (the queue runs it in the background). */
const settled = async (user: SeededUser, name: string): Promise<ListRow> => {
  for (let i = 0; i < 300; i++) {
    const list = (await listsOf(user)).find((l) => l.name === name);
    if (list && list.status !== 'Importing...') return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the import into ${name} did not end`);
};
const urlsOf = async (user: SeededUser, listId: number): Promise<string[]> => {
  const res = await h.call('GET', `/api/linkedinAI/leads_by_list?id=${listId}`, { token: user.accessToken });
  return res
    .json()
    .leads.map((l: { 'Linkedin URL': string }) => l['Linkedin URL'])
    .sort();
};
const expectedUrls = (people: PersonSummary[]) =>
  people.map((p) => `https://www.linkedin.com/in/${p.publicIdentifier}`).sort();

/** A post of the network with people who reacted and people who commented. */
const busyPost = (): { url: string; activityId: string } => {
  const control = sandbox().control;
  for (const person of control.people({ limit: 2000 }).people) {
    for (const post of person.posts) {
      const activityId = post.postUrn.split(':').pop() ?? '';
      const reactors = control.audience('any', { reactorsOf: activityId });
      const commenters = control.audience('any', { commentersOf: activityId });
      const onlyCommented = commenters.some((c) => !reactors.some((r) => r.index === c.index));
      if (reactors.length >= 3 && onlyCommented) {
        return { url: `https://www.linkedin.com/feed/update/${post.postUrn}/`, activityId };
      }
    }
  }
  throw new Error('no busy post in the network');
};

describe('POST /api/linkedinAI/lead_import: checks', () => {
  it('refuses an empty field, a wrong address, no list and nothing ticked, with the spec’s words', async () => {
    const user = await connect('li-at-checks');
    for (const method of ['group_members', 'post_reactors', 'profile_network', 'event_attendees']) {
      const empty = await leadImport(user, { method, url: '  ', list_name: 'x' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ error: 'validation_error', message: LINKEDIN_MESSAGES.fillTheField });
      const wrong = await leadImport(user, {
        method,
        url: 'https://www.linkedin.com/company/acme/',
        list_name: 'x',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('invalid_import_url');
      expect(wrong.json().message).toMatch(
        /^This is not a LinkedIn (group|post|profile|event) link\. Paste the address of/,
      );
    }
    const offSite = await leadImport(user, {
      method: 'group_members',
      url: 'https://evil.example/groups/1/',
      list_name: 'x',
    });
    expect(offSite.json().message).toMatch(/^This is not a LinkedIn link/);
    const noList = await leadImport(user, {
      method: 'event_attendees',
      url: 'https://www.linkedin.com/events/12345678/',
    });
    expect(noList.json().message).toBe(LINKEDIN_MESSAGES.selectOrCreateList);
    const nothing = await leadImport(user, {
      method: 'post_reactors',
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/',
      reactions: false,
      comments: false,
      list_name: 'x',
    });
    expect(nothing.json().message).toBe(LINKEDIN_MESSAGES.chooseWhatToImport);
    const unknown = await leadImport(user, {
      method: 'page_followers',
      url: 'https://www.linkedin.com/company/acme/',
      list_name: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await listsOf(user)).length).toBe(0);
  });

  it('asks who is calling first, then for a LinkedIn session', async () => {
    const anonymous = await h.call('POST', '/api/linkedinAI/lead_import', {
      body: { method: 'group_members', url: 'https://www.linkedin.com/groups/4471/', list_name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await seedUser(h);
    const noSession = await leadImport(user, {
      method: 'group_members',
      url: 'https://www.linkedin.com/groups/4471/',
      list_name: 'x',
    });
    expect(noSession.statusCode).toBe(409);
    expect(noSession.json()).toEqual({
      error: 'linkedin_session_expired',
      message: LINKEDIN_MESSAGES.sessionExpired,
      expired: true,
    });
  });

  it("another user's list answers 404, and the caller's own list by id is filled", async () => {
    const owner = await connect('li-at-list-owner');
    const other = await connect('li-at-list-other');
    // The owner's list, made by a first import.
    await leadImport(owner, {
      method: 'event_attendees',
      url: 'https://www.linkedin.com/events/12345678/',
      list_name: 'Owner list',
    });
    const ownerList = await settled(owner, 'Owner list');
    const attendees = sandbox().control.audience('li-at-list-owner', { event: '12345678' });
    expect(ownerList.leadcount).toBe(attendees.length);
    const res = await leadImport(other, {
      method: 'group_members',
      url: 'https://www.linkedin.com/groups/4471/',
      list_id: ownerList.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    expect((await listsOf(other)).length).toBe(0);

    const own = await leadImport(owner, {
      method: 'group_members',
      url: 'https://www.linkedin.com/groups/4471/',
      list_id: ownerList.id,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().list_id).toBe(ownerList.id);
    const done = await settled(owner, 'Owner list');
    const members = sandbox().control.audience('li-at-list-owner', { group: '4471' });
    expect(await urlsOf(owner, ownerList.id)).toEqual(
      [...new Set([...expectedUrls(attendees), ...expectedUrls(members)])].sort(),
    );
    expect(done.status).toBe('Not in Campaign');
  });
});

describe('each method fills the list with the right people, through the queue', () => {
  it('group members', async () => {
    const user = await connect('li-at-group');
    const res = await leadImport(user, {
      method: 'group_members',
      url: 'https://www.linkedin.com/groups/4471/members/',
      list_name: 'Group',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ expired: false, message: LINKEDIN_MESSAGES.importStarted });
    const second = await leadImport(user, {
      method: 'event_attendees',
      url: 'https://www.linkedin.com/events/12345678/',
      list_name: 'Other',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(LINKEDIN_MESSAGES.automationInProgress);
    const list = await settled(user, 'Group');
    const truth = sandbox().control.audience('li-at-group', { group: '4471' });
    expect(list).toMatchObject({ status: 'Not in Campaign', leadcount: truth.length });
    expect(await urlsOf(user, list.id)).toEqual(expectedUrls(truth));
    const leads = (
      await h.call('GET', `/api/linkedinAI/leads_by_list?id=${list.id}`, { token: user.accessToken })
    ).json().leads;
    expect(leads[0].Source).toBe('LinkedIn Group');
  });

  it('event attendees', async () => {
    const user = await connect('li-at-event');
    await leadImport(user, {
      method: 'event_attendees',
      url: 'https://www.linkedin.com/events/growth-summit-7250000000000000001/',
      list_name: 'Event',
    });
    const list = await settled(user, 'Event');
    const truth = sandbox().control.audience('li-at-event', { event: '7250000000000000001' });
    expect(truth.length).toBeGreaterThan(5);
    expect(await urlsOf(user, list.id)).toEqual(expectedUrls(truth));
  });

  it('post reactors, with the commenters when ticked, each person once', async () => {
    const user = await connect('li-at-post');
    const post = busyPost();
    await leadImport(user, {
      method: 'post_reactors',
      url: post.url,
      reactions: true,
      comments: true,
      list_name: 'Post',
    });
    const list = await settled(user, 'Post');
    const control = sandbox().control;
    const truth = [
      ...control.audience('li-at-post', { reactorsOf: post.activityId }),
      ...control.audience('li-at-post', { commentersOf: post.activityId }),
    ].filter((p, i, all) => all.findIndex((q) => q.index === p.index) === i);
    expect(await urlsOf(user, list.id)).toEqual(expectedUrls(truth));

    const reactorsOnly = await connect('li-at-post-reactors');
    await leadImport(reactorsOnly, { method: 'post_reactors', url: post.url, list_name: 'Reactors' });
    const only = await settled(reactorsOnly, 'Reactors');
    expect(await urlsOf(reactorsOnly, only.id)).toEqual(
      expectedUrls(control.audience('li-at-post-reactors', { reactorsOf: post.activityId })),
    );
  });

  it('profile connections: your own, and the followers of a connection', async () => {
    const user = await connect('li-at-profile');
    const control = sandbox().control;
    const me = control.memberState('li-at-profile').member;
    await leadImport(user, {
      method: 'profile_network',
      url: `https://www.linkedin.com/in/${me.publicIdentifier}/`,
      list_name: 'Mine',
    });
    const mine = await settled(user, 'Mine');
    expect(mine.leadcount).toBe(me.connections);
    const friend = control
      .people({ limit: 2000, liAt: 'li-at-profile' })
      .people.find((p) => p.connectionDegree === '1st');
    if (!friend) throw new Error('the member has no connections');
    await leadImport(user, {
      method: 'profile_network',
      url: `https://www.linkedin.com/in/${friend.publicIdentifier}`,
      connections: false,
      followers: true,
      list_name: 'Followers',
    });
    const followers = await settled(user, 'Followers');
    const friendId = friend.profileUrn.split(':').pop() ?? '';
    expect(await urlsOf(user, followers.id)).toEqual(
      expectedUrls(control.audience('li-at-profile', { followersOf: friendId })),
    );
  });
});

describe('what LinkedIn does not show ends the import with the reason', () => {
  it('the connections of someone you are not connected to', async () => {
    const user = await connect('li-at-stranger');
    const stranger = sandbox()
      .control.people({ limit: 2000, liAt: 'li-at-stranger' })
      .people.find((p) => p.connectionDegree !== '1st');
    await leadImport(user, {
      method: 'profile_network',
      url: stranger?.profileUrl ?? '',
      list_name: 'Stranger',
    });
    expect(await settled(user, 'Stranger')).toMatchObject({
      status: 'Error',
      message: NOT_CONNECTED,
      leadcount: 0,
    });
    // The account is free again for the next import.
    const next = await leadImport(user, {
      method: 'group_members',
      url: 'https://www.linkedin.com/groups/4471/',
      list_name: 'Next',
    });
    expect(next.statusCode).toBe(200);
    await settled(user, 'Next');
  });

  it('the members of a group you have not joined, and a post that does not exist', async () => {
    const user = await connect('li-at-closed');
    await leadImport(user, {
      method: 'group_members',
      url: 'https://www.linkedin.com/groups/4470/',
      list_name: 'Closed',
    });
    expect(await settled(user, 'Closed')).toMatchObject({
      status: 'Error',
      message: REFUSALS.group_members.forbidden,
    });
    await leadImport(user, {
      method: 'post_reactors',
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7000000000000000001/',
      list_name: 'Gone',
    });
    expect(await settled(user, 'Gone')).toMatchObject({
      status: 'Error',
      message: REFUSALS.post_reactors.notFound,
    });
  });
});

describe('a durable job', () => {
  it('resumes where it stopped after a failure, without reading a page twice', async () => {
    const user = await connect('li-at-resume');
    const { list_id } = await startLeadImport(
      { ...h.deps, jobs: { send: async () => undefined } },
      user.user.id,
      {
        method: 'group_members',
        url: 'https://www.linkedin.com/groups/4471/',
        list_name: 'Resumed',
      },
    );
    const [job] = await h.deps.db.select().from(searchImports).where(eq(searchImports.listId, list_id));
    const calls: string[] = [];
    const withFetch = (fetchFn: typeof fetch) => ({
      ...h.deps,
      linkedin: {
        ...h.deps.linkedin,
        gateway: createLinkedInGateway({ baseUrl: sandbox().url, fetch: fetchFn }),
      },
    });
    // LinkedIn drops the connection on the third page.
    let pages = 0;
    const flaky = withFetch((input, init) => {
      if (String(input).includes('/voyager/api/graphql') && ++pages === 3) {
        return Promise.reject(new TypeError('fetch failed'));
      }
      return fetch(input, init);
    });
    await expect(runSearchImport(flaky, job?.id ?? '', { lastAttempt: false })).rejects.toThrow();
    const [halfway] = await h.deps.db
      .select()
      .from(searchImports)
      .where(eq(searchImports.id, job?.id ?? ''));
    expect(halfway).toMatchObject({ state: 'running', phase: 0, nextStart: 20, found: 20, imported: 20 });

    const recorded = withFetch((input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    });
    await runSearchImport(recorded, job?.id ?? '', { lastAttempt: false });
    const graphql = calls.filter((c) => c.includes('/voyager/api/graphql'));
    expect(graphql[0]).toContain('start:20');
    expect(graphql.some((c) => c.includes('start:0)'))).toBe(false);
    const truth = sandbox().control.audience('li-at-resume', { group: '4471' });
    const list = await settled(user, 'Resumed');
    expect(list.leadcount).toBe(truth.length);
    expect(await urlsOf(user, list_id)).toEqual(expectedUrls(truth));
    const [done] = await h.deps.db
      .select()
      .from(searchImports)
      .where(eq(searchImports.id, job?.id ?? ''));
    expect(done).toMatchObject({ state: 'done', imported: truth.length });
  });
});
