import {
  type LinkedInSandbox,
  type PersonSummary,
  startLinkedInSandbox,
} from '@sales-assist/linkedin-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLinkedInGateway,
  InvalidSearchUrlError,
  type LinkedInGateway,
  LinkedInNoteNotAllowedError,
  LinkedInNotFoundError,
  LinkedInRequestError,
  type LinkedInSession,
} from './index';

const LI_AT = 'AQEDAgateway-methods';
const DAY_SECONDS = 60;
let nowMs = new Date('2025-03-03T09:00:00.000Z').getTime();
const advanceDays = (days: number) => {
  nowMs += days * DAY_SECONDS * 1000;
};

type Seen = { method: string; url: URL; headers: Headers };
const seen: Seen[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  seen.push({
    method: init?.method ?? 'GET',
    url: new URL(String(input)),
    headers: new Headers(init?.headers),
  });
  return fetch(input, init);
};

let sandbox: LinkedInSandbox;
let gateway: LinkedInGateway;
let session: LinkedInSession;

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({
    networkSize: 500,
    seed: 11,
    now: () => new Date(nowMs),
    daySeconds: DAY_SECONDS,
  });
  gateway = createLinkedInGateway({ baseUrl: sandbox.url, fetch: recordingFetch });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.control.reset();
  seen.length = 0;
  session = gateway.openSession({ liAt: LI_AT });
});

/** Someone the member is not connected to yet, with the traits a test needs. */
const stranger = (pred: (p: PersonSummary) => boolean = () => true): PersonSummary => {
  const person = sandbox.control
    .people({ limit: 500, liAt: LI_AT })
    .people.find((p) => p.connectionDegree !== '1st' && pred(p));
  if (!person) throw new Error('the sandbox network has nobody for this test');
  return person;
};

const SEARCH = 'https://www.linkedin.com/search/results/people/?network=%5B%22S%22%5D&origin=FACETED_SEARCH';

describe('the LinkedIn gateway against the sandbox', () => {
  it('me(): loads a page for JSESSIONID, then calls Voyager with the browser’s cookies and headers', async () => {
    const me = await session.me();
    const state = sandbox.control.memberState(LI_AT).member;
    expect(me).toMatchObject({ profileUrn: state.profileUrn, publicIdentifier: state.publicIdentifier });
    expect(`${me.firstName} ${me.lastName}`).toBe(state.name);
    expect(me.headline.length).toBeGreaterThan(0);

    const [home, api] = seen;
    expect(home?.url.pathname).toBe('/');
    expect(home?.headers.get('cookie')).toBe(`li_at=${LI_AT}`);
    const jsessionId = session.credentials().jsessionId;
    expect(jsessionId).toMatch(/^ajax:\d+$/);
    expect(api?.url.pathname).toBe('/voyager/api/me');
    expect(api?.headers.get('cookie')).toBe(`li_at=${LI_AT}; JSESSIONID="${jsessionId}"`);
    expect(api?.headers.get('csrf-token')).toBe(jsessionId);
    expect(api?.headers.get('x-restli-protocol-version')).toBe('2.0.0');
    expect(api?.headers.get('x-li-lang')).toBe('en_US');
    expect(api?.headers.get('accept')).toBe('application/vnd.linkedin.normalized+json+2.1');
    expect(api?.headers.get('user-agent')).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
  });

  it('uses a JSESSIONID it is given (quoted or not) without loading a page', async () => {
    const given = gateway.openSession({ liAt: LI_AT, jsessionId: '"ajax:1234567890"' });
    await given.me();
    expect(seen.map((s) => s.url.pathname)).toEqual(['/voyager/api/me']);
    expect(seen[0]?.headers.get('csrf-token')).toBe('ajax:1234567890');
    expect(given.credentials()).toEqual({ liAt: LI_AT, jsessionId: 'ajax:1234567890' });
  });

  it('searchPeople(): translates a pasted search URL and pages through results 10 at a time', async () => {
    const first = await session.searchPeople(SEARCH, 0);
    expect(first.people).toHaveLength(10);
    expect(first.nextStart).toBe(10);
    expect(first.total).toBeGreaterThan(20);
    const call = seen.find((s) => s.url.pathname === '/voyager/api/graphql');
    expect(call?.url.searchParams.get('queryId')).toMatch(/^voyagerSearchDashClusters\./);
    expect(call?.url.search).toContain(
      'queryParameters:List((key:network,value:List(S)),(key:resultType,value:List(PEOPLE)))',
    );
    for (const p of first.people) {
      const truth = sandbox.control.person(p.publicIdentifier, LI_AT);
      expect(p).toEqual({
        profileUrn: truth.profileUrn,
        publicIdentifier: truth.publicIdentifier,
        profileUrl: `https://www.linkedin.com/in/${truth.publicIdentifier}`,
        name: truth.name,
        headline: truth.headline,
        location: truth.location,
        company: truth.company,
        connectionDegree: '2nd',
        pictureUrl: truth.pictureUrl,
      });
    }
    const second = await session.searchPeople(SEARCH, first.nextStart ?? 0);
    expect(second.people.map((p) => p.profileUrn)).not.toContain(first.people[0]?.profileUrn);

    const last = await session.searchPeople(SEARCH, Math.floor((first.total - 1) / 10) * 10);
    expect(last.nextStart).toBeNull();
    expect(last.people.length).toBeGreaterThan(0);
  });

  it('searchPeople(): finds a person by name, with no picture when LinkedIn has none', async () => {
    const person = stranger((p) => p.pictureUrl === null);
    const url = `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(person.name)}&origin=GLOBAL_SEARCH_HEADER`;
    const page = await session.searchPeople(url, 0);
    const hit = page.people.find((p) => p.profileUrn === person.profileUrn);
    expect(hit).toMatchObject({ name: person.name, pictureUrl: null });
    expect(['2nd', '3rd+']).toContain(hit?.connectionDegree);
  });

  it('searchPeople(): uses a configured query id (LinkedIn rotates their hashes)', async () => {
    const configured = createLinkedInGateway({
      baseUrl: sandbox.url,
      fetch: recordingFetch,
      queryIds: { searchClusters: 'voyagerSearchDashClusters.0123456789abcdef' },
    });
    await configured.openSession({ liAt: LI_AT }).searchPeople(SEARCH, 0);
    expect(seen.at(-1)?.url.searchParams.get('queryId')).toBe('voyagerSearchDashClusters.0123456789abcdef');
  });

  it('searchPeople(): refuses a URL that is not a people search before calling LinkedIn', async () => {
    await expect(
      session.searchPeople('https://www.linkedin.com/search/results/companies/?keywords=a', 0),
    ).rejects.toThrow(InvalidSearchUrlError);
    expect(seen).toEqual([]);
  });

  it('viewProfile(): reads the profile as a page view does, and LinkedIn counts the view', async () => {
    const person = stranger((p) => p.company !== null);
    const profile = await session.viewProfile(person.publicIdentifier);
    expect(profile).toMatchObject({
      profileUrn: person.profileUrn,
      publicIdentifier: person.publicIdentifier,
      profileUrl: person.profileUrl,
      name: person.name,
      headline: person.headline,
      location: person.location,
      industry: person.industry,
      company: person.company,
      connectionDegree: person.connectionDegree,
      pictureUrl: person.pictureUrl,
    });
    expect(sandbox.control.memberState(LI_AT).profileViews).toEqual([
      expect.objectContaining({ publicIdentifier: person.publicIdentifier }),
    ]);
    await session.connectionStatus(person.publicIdentifier);
    expect(sandbox.control.memberState(LI_AT).profileViews).toHaveLength(1);
  });

  it('recentPosts(): newest first, as many as asked, none for people who never post', async () => {
    const poster = stranger((p) => p.posts.length >= 3);
    const posts = await session.recentPosts(poster.profileUrn, 2);
    expect(posts).toEqual(
      poster.posts
        .slice(0, 2)
        .map((p) => ({ postUrn: p.postUrn, text: p.text, postedAt: new Date(p.postedAt) })),
    );
    const quiet = stranger((p) => p.posts.length === 0);
    expect(await session.recentPosts(quiet.profileUrn, 5)).toEqual([]);
  });

  it('react() and hasReacted(): likes a post and reads the like back', async () => {
    const postUrn = stranger((p) => p.posts.length > 0).posts[0]?.postUrn ?? '';
    expect(await session.hasReacted(postUrn)).toBe(false);
    await session.react(postUrn, 'LIKE');
    expect(await session.hasReacted(postUrn)).toBe(true);
    expect(sandbox.control.memberState(LI_AT).reactions).toEqual([
      expect.objectContaining({ postUrn, reactionType: 'LIKE' }),
    ]);
    await expect(session.react('urn:li:activity:1', 'LIKE')).rejects.toThrow(LinkedInNotFoundError);
    await expect(session.react('not-a-post', 'LIKE')).rejects.toThrow(RangeError);
  });

  it('comment() and listMyComments(): comments on a post and finds only the member’s own comments', async () => {
    const postUrn = stranger((p) => p.posts.length > 0).posts[0]?.postUrn ?? '';
    expect(await session.listMyComments(postUrn)).toEqual([]);
    const { commentUrn } = await session.comment(postUrn, 'Great point about pipeline hygiene.');
    expect(commentUrn).toMatch(/^urn:li:fsd_comment:\(\d+,urn:li:activity:\d+\)$/);
    const mine = await session.listMyComments(postUrn);
    expect(mine).toEqual([
      { commentUrn, text: 'Great point about pipeline hygiene.', createdAt: new Date(nowMs) },
    ]);
  });

  it('sendInvitation(), sentInvitations(), withdrawInvitation() and connectionStatus() follow one invitation', async () => {
    const person = stranger((p) => !p.traits.refusesNotes && !p.traits.acceptsInvitations);
    expect(await session.connectionStatus(person.publicIdentifier)).toBe('none');
    const { invitationUrn } = await session.sendInvitation(person.profileUrn, 'Hi, glad to connect.');
    expect(invitationUrn).toMatch(/^urn:li:fsd_invitation:\d+$/);
    expect(await session.connectionStatus(person.publicIdentifier)).toBe('pending');
    expect(await session.sentInvitations()).toEqual([
      { invitationUrn, profileUrn: person.profileUrn, sentAt: new Date(nowMs) },
    ]);
    await session.withdrawInvitation(invitationUrn ?? '');
    expect(sandbox.control.memberState(LI_AT).invitations).toEqual([
      expect.objectContaining({ invitationUrn, state: 'WITHDRAWN', message: 'Hi, glad to connect.' }),
    ]);
    expect(await session.sentInvitations()).toEqual([]);
    expect(await session.connectionStatus(person.publicIdentifier)).toBe('none');
    await expect(session.withdrawInvitation(invitationUrn ?? '')).rejects.toThrow(LinkedInNotFoundError);
  });

  it('withdrawInvitation() works in a new session that never listed the invitations', async () => {
    const person = stranger((p) => !p.traits.acceptsInvitations);
    const { invitationUrn } = await session.sendInvitation(person.profileUrn, null);
    const later = gateway.openSession({ liAt: LI_AT });
    await later.withdrawInvitation(invitationUrn ?? '');
    expect(sandbox.control.memberState(LI_AT).invitations[0]?.state).toBe('WITHDRAWN');
  });

  it('sendInvitation(): a refused note is a LinkedInNoteNotAllowedError, and the invitation goes without it', async () => {
    const person = stranger((p) => p.traits.refusesNotes);
    const refused = session.sendInvitation(person.profileUrn, 'Would love to connect!');
    await expect(refused).rejects.toThrow(LinkedInNoteNotAllowedError);
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'CUSTOM_MESSAGE_NOT_ALLOWED' });
    await expect(refused).rejects.toBeInstanceOf(LinkedInRequestError);
    expect((await session.sendInvitation(person.profileUrn, null)).invitationUrn).toMatch(
      /^urn:li:fsd_invitation:/,
    );
    expect(sandbox.control.memberState(LI_AT).invitations).toEqual([
      expect.objectContaining({ message: null, state: 'PENDING' }),
    ]);
    await expect(session.sendInvitation(stranger().profileUrn, 'x'.repeat(301))).rejects.toThrow(RangeError);
  });

  it('connectionStatus() turns "connected" once the person accepts on the sandbox’s clock', async () => {
    const person = stranger((p) => p.traits.acceptsInvitations && !p.traits.refusesNotes);
    await session.sendInvitation(person.profileUrn, 'Hello!');
    advanceDays(person.traits.acceptDelayDays - 0.5);
    expect(await session.connectionStatus(person.publicIdentifier)).toBe('pending');
    advanceDays(0.5);
    expect(await session.connectionStatus(person.publicIdentifier)).toBe('connected');
    expect((await session.viewProfile(person.publicIdentifier)).connectionDegree).toBe('1st');
    expect(await session.sentInvitations()).toEqual([]);
  });

  it('sendMessage() and conversationWith(): a follow-up and the reply that comes days later', async () => {
    const person = stranger((p) => p.traits.repliesToFollowUp);
    expect(await session.conversationWith(person.profileUrn)).toEqual([]);
    await expect(session.sendMessage(person.profileUrn, 'Hello')).rejects.toMatchObject({ status: 400 });
    await session.sendInvitation(person.profileUrn, null);
    sandbox.control.acceptNow(LI_AT, person.profileUrn);
    const sent = await session.sendMessage(person.profileUrn, 'Thanks for connecting!');
    expect(sent).toMatchObject({
      conversationUrn: expect.stringMatching(/^urn:li:fs_conversation:/),
      sentAt: new Date(nowMs),
    });
    expect(await session.conversationWith(person.profileUrn)).toEqual([
      {
        urn: sent.messageUrn,
        conversationUrn: sent.conversationUrn,
        from: 'me',
        text: 'Thanks for connecting!',
        sentAt: new Date(nowMs),
      },
    ]);
    advanceDays(person.traits.replyDelayDays);
    const thread = await session.conversationWith(person.profileUrn);
    expect(thread.map((m) => m.from)).toEqual(['me', 'them']);
    expect(thread[1]?.text.length).toBeGreaterThan(0);
  });

  it('conversationWith() pages back through a long thread', async () => {
    const person = stranger((p) => !p.traits.repliesToFollowUp);
    await session.sendInvitation(person.profileUrn, null);
    sandbox.control.acceptNow(LI_AT, person.profileUrn);
    for (let i = 1; i <= 25; i++) {
      nowMs += 1000;
      await session.sendMessage(person.profileUrn, `Message ${i}`);
    }
    const thread = await session.conversationWith(person.profileUrn);
    expect(thread.map((m) => m.text)).toEqual(Array.from({ length: 25 }, (_, i) => `Message ${i + 1}`));
  });
});
