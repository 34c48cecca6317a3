import { type LinkedInSandbox, startLinkedInSandbox } from '@sales-assist/linkedin-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEventUrl, parseGroupUrl, parsePostUrl, parseProfileUrl } from './import-urls';
import {
  createLinkedInGateway,
  InvalidImportUrlError,
  type LinkedInGateway,
  LinkedInRequestError,
  type LinkedInSearchPage,
  type LinkedInSession,
} from './index';

const LI_AT = 'AQEDAgateway-audiences';

let sandbox: LinkedInSandbox;
let gateway: LinkedInGateway;
let session: LinkedInSession;
const paths: string[] = [];

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({ networkSize: 600, seed: 5 });
  gateway = createLinkedInGateway({
    baseUrl: sandbox.url,
    fetch: (input, init) => {
      paths.push(String(input));
      return fetch(input, init);
    },
  });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.control.reset();
  paths.length = 0;
  session = gateway.openSession({ liAt: LI_AT });
});

/** Every page of a list, as the import job reads it. */
const all = async (read: (start: number) => Promise<LinkedInSearchPage>) => {
  const people: LinkedInSearchPage['people'] = [];
  let start: number | null = 0;
  let total = 0;
  while (start !== null) {
    const page: LinkedInSearchPage = await read(start);
    people.push(...page.people);
    total = page.total;
    start = page.nextStart;
  }
  return { people, total };
};

const slugs = (people: Array<{ publicIdentifier: string }>) => people.map((p) => p.publicIdentifier).sort();

describe('the lead import calls of the gateway against the sandbox', () => {
  it('groupMembers(): pages through a group the member belongs to, each person as the sandbox knows them', async () => {
    const truth = sandbox.control.audience(LI_AT, { group: '4471' });
    expect(truth.length).toBeGreaterThan(10);
    const { people, total } = await all((start) => session.groupMembers('4471', start));
    expect(total).toBe(truth.length);
    expect(slugs(people)).toEqual(slugs(truth));
    const first = truth[0];
    expect(people.find((p) => p.publicIdentifier === first?.publicIdentifier)).toEqual({
      profileUrn: first?.profileUrn,
      publicIdentifier: first?.publicIdentifier,
      profileUrl: `https://www.linkedin.com/in/${first?.publicIdentifier}`,
      name: first?.name,
      headline: first?.headline,
      location: '',
      // Group lists carry the headline only; the company is read from a "<title> at <company>" headline.
      company: first?.headline.endsWith(` at ${first.company}`) ? first.company : null,
      connectionDegree: null,
      pictureUrl: first?.pictureUrl,
    });
    expect(paths.some((p) => p.includes('queryId=voyagerGroupsDashGroupMemberships.'))).toBe(true);
    expect(paths.some((p) => p.includes('groupUrn:urn%3Ali%3Afsd_group%3A4471'))).toBe(true);
  });

  it('groupMembers(): a group the member has not joined is LinkedIn’s 403', async () => {
    await expect(session.groupMembers('4470', 0)).rejects.toSatisfy(
      (e) => e instanceof LinkedInRequestError && e.status === 403,
    );
  });

  it('postReactors() and postCommenters(): who reacted to and commented on a post', async () => {
    const author = sandbox.control
      .people({ limit: 600 })
      .people.find(
        (p) =>
          p.posts.length > 0 &&
          p.posts.some(
            (post) =>
              sandbox.control.audience(LI_AT, { reactorsOf: post.postUrn.split(':').pop() ?? '' }).length > 3,
          ),
      );
    const post = author?.posts.find(
      (x) => sandbox.control.audience(LI_AT, { reactorsOf: x.postUrn.split(':').pop() ?? '' }).length > 3,
    );
    if (!post) throw new Error('no post with reactions in the network');
    const id = post.postUrn.split(':').pop() ?? '';
    const reactors = await all((start) => session.postReactors(post.postUrn, start));
    expect(slugs(reactors.people)).toEqual(slugs(sandbox.control.audience(LI_AT, { reactorsOf: id })));
    expect(
      reactors.people.every((p) => p.profileUrl === `https://www.linkedin.com/in/${p.publicIdentifier}`),
    ).toBe(true);
    const commenters = await all((start) => session.postCommenters(post.postUrn, start));
    expect(slugs(commenters.people)).toEqual(slugs(sandbox.control.audience(LI_AT, { commentersOf: id })));
  });

  it('eventAttendees(): the event page’s attendee search (eventAttending)', async () => {
    const truth = sandbox.control.audience(LI_AT, { event: '7250000000000000001' });
    const { people, total } = await all((start) => session.eventAttendees('7250000000000000001', start));
    expect(total).toBe(truth.length);
    expect(slugs(people)).toEqual(slugs(truth));
    expect(people.every((p) => p.connectionDegree !== null && p.location !== '')).toBe(true);
    expect(paths.some((p) => p.includes('(key:eventAttending,value:List(7250000000000000001))'))).toBe(true);
  });

  it('connectionsOf() and followersOf(): the member’s own and a 1st-degree connection’s', async () => {
    const me = await session.me();
    const mine = await all((start) => session.connectionsOf(me.profileUrn, start));
    expect(mine.total).toBe(sandbox.control.memberState(LI_AT).member.connections);
    expect(mine.people.every((p) => p.connectionDegree === '1st')).toBe(true);

    const friend = mine.people[0];
    if (!friend) throw new Error('the member has no connections');
    const looked = await session.lookupProfile(friend.publicIdentifier);
    expect(looked).toEqual({ profileUrn: friend.profileUrn, connected: true });
    const theirs = await all((start) => session.connectionsOf(looked.profileUrn, start));
    expect(slugs(theirs.people)).toEqual(
      slugs(sandbox.control.audience(LI_AT, { connectionsOf: friend.profileUrn.split(':').pop() ?? '' })),
    );
    const followers = await all((start) => session.followersOf(looked.profileUrn, start));
    expect(slugs(followers.people)).toEqual(
      slugs(sandbox.control.audience(LI_AT, { followersOf: friend.profileUrn.split(':').pop() ?? '' })),
    );
    expect(followers.total).toBeGreaterThan(theirs.total);
  });

  it('connectionsOf() someone not connected finds no one, as on LinkedIn', async () => {
    const stranger = sandbox.control
      .people({ limit: 600, liAt: LI_AT })
      .people.find((p) => p.connectionDegree !== '1st');
    if (!stranger) throw new Error('no stranger');
    expect((await session.lookupProfile(stranger.publicIdentifier)).connected).toBe(false);
    expect((await session.connectionsOf(stranger.profileUrn, 0)).people).toEqual([]);
  });
});

describe('the addresses each import method accepts', () => {
  it('reads group, post, profile and event links as LinkedIn gives them', () => {
    expect(parseGroupUrl('https://www.linkedin.com/groups/1234567/')).toEqual({ groupId: '1234567' });
    expect(parseGroupUrl('https://linkedin.com/groups/1234567/members/?q=x')).toEqual({ groupId: '1234567' });
    expect(parsePostUrl('https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/')).toEqual(
      {
        postUrn: 'urn:li:activity:7123456789012345678',
      },
    );
    expect(
      parsePostUrl(
        'https://www.linkedin.com/posts/jane-doe_hiring-growth-activity-7123456789012345678-AbCd?utm_source=share',
      ),
    ).toEqual({ postUrn: 'urn:li:activity:7123456789012345678' });
    expect(
      parsePostUrl('https://www.linkedin.com/feed/update/urn%3Ali%3AugcPost%3A7123456789012345678'),
    ).toEqual({
      postUrn: 'urn:li:ugcPost:7123456789012345678',
    });
    expect(parseProfileUrl('https://www.linkedin.com/in/jane-doe-1a2b3c/')).toEqual({
      publicIdentifier: 'jane-doe-1a2b3c',
    });
    expect(parseEventUrl('https://www.linkedin.com/events/7123456789012345678/')).toEqual({
      eventId: '7123456789012345678',
    });
    expect(parseEventUrl('https://www.linkedin.com/events/growth-summit-7123456789012345678/about/')).toEqual(
      {
        eventId: '7123456789012345678',
      },
    );
  });

  it('refuses other pages with a message that says what was expected', () => {
    const cases: Array<[(u: string) => unknown, string, RegExp]> = [
      [parseGroupUrl, 'https://www.linkedin.com/in/jane/', /not a LinkedIn group link/],
      [parseGroupUrl, 'https://evil.example/groups/1/', /not a LinkedIn link/],
      [parsePostUrl, 'https://www.linkedin.com/groups/1/', /not a LinkedIn post link/],
      [parseProfileUrl, 'https://www.linkedin.com/company/acme/', /not a LinkedIn profile link/],
      [parseEventUrl, 'not a url', /This is not a URL/],
      [parseEventUrl, 'javascript:alert(1)', /not a LinkedIn link/],
      [parseEventUrl, 'https://www.linkedin.com/events/', /not a LinkedIn event link/],
    ];
    for (const [parse, url, message] of cases) {
      expect(() => parse(url)).toThrow(InvalidImportUrlError);
      expect(() => parse(url)).toThrow(message);
    }
  });
});
