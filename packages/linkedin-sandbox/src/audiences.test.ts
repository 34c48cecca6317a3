import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceOf, connectionsOf, eventAttendees, followersOf, groupMembers } from './audiences';
import { startLinkedInSandbox } from './index';
import { createMember, isConnected } from './members';
import { generateNetwork } from './network';
import { openBrowser, searchPath } from './test-support';

const anchor = new Date('2025-03-03T09:00:00.000Z');
const network = generateNetwork({ seed: 3, size: 800, anchor });
const member = createMember(network, 'AQEDAaudiences');

describe('who belongs to a group, an event, or someone’s network', () => {
  it('is the same every time for the same id, and differs between ids', () => {
    expect([...groupMembers(network, '123')]).toEqual([...groupMembers(network, '123')]);
    expect([...groupMembers(network, '123')]).not.toEqual([...groupMembers(network, '124')]);
    expect(groupMembers(network, '123').size).toBeGreaterThan(8);
    expect(eventAttendees(network, '7250000000000000001').size).toBeGreaterThan(4);
  });

  it('connections are symmetric between simulated people, and followers include every connection', () => {
    const [a, b] = network.people.filter((p) => connectionsOf(network, member, p.profileId).size > 0);
    if (!a || !b) throw new Error('nobody is connected');
    for (const i of connectionsOf(network, member, a.profileId)) {
      const other = network.people[i];
      expect(other && connectionsOf(network, member, other.profileId).has(a.index)).toBe(true);
    }
    const followers = followersOf(network, member, b.profileId);
    for (const i of connectionsOf(network, member, b.profileId)) expect(followers.has(i)).toBe(true);
    expect(followers.size).toBeGreaterThan(connectionsOf(network, member, b.profileId).size);
  });

  it('the member’s own connections are their 1st degree; a stranger’s connections are not shown', () => {
    const own = connectionsOf(network, member, member.profile.profileId);
    expect([...own].every((i) => network.people[i] && isConnected(member, network.people[i]))).toBe(true);
    const stranger = network.people.find((p) => !isConnected(member, p));
    const friend = network.people.find((p) => isConnected(member, p));
    if (!stranger || !friend) throw new Error('no stranger or friend');
    expect(audienceOf(network, member, new Map([['connectionOf', [stranger.profileId]]]))?.size).toBe(0);
    expect(audienceOf(network, member, new Map([['connectionOf', [friend.profileId]]]))).toEqual(
      connectionsOf(network, member, friend.profileId),
    );
    expect(audienceOf(network, member, new Map([['network', ['F']]]))).toBeNull();
  });
});

describe('the Voyager answers for lead imports', () => {
  const LI_AT = 'AQEDAaudiences';
  let sandbox: Awaited<ReturnType<typeof startLinkedInSandbox>>;
  beforeAll(async () => {
    sandbox = await startLinkedInSandbox({ networkSize: 800, seed: 3, now: () => anchor });
  });
  afterAll(() => sandbox.close());

  const groupPath = (groupId: string, start: number) =>
    `/voyager/api/graphql?variables=(count:10,groupUrn:urn%3Ali%3Afsd_group%3A${groupId},membershipStatuses:List(OWNER,MANAGER,MEMBER),start:${start})&queryId=voyagerGroupsDashGroupMemberships.abc`;

  it('voyagerGroupsDashGroupMemberships: memberships pointing at included profiles, paged', async () => {
    const browser = await openBrowser(sandbox.url, LI_AT);
    const answer = await browser.call('GET', groupPath('123', 10));
    expect(answer.status).toBe(200);
    const body = answer.body as {
      data: {
        data: { groupsDashGroupMembershipsByGroup: { '*elements': string[]; paging: { total: number } } };
      };
      included: Array<Record<string, unknown>>;
    };
    const collection = body.data.data.groupsDashGroupMembershipsByGroup;
    expect(collection.paging.total).toBe(sandbox.control.audience(LI_AT, { group: '123' }).length);
    expect(collection['*elements']).toHaveLength(10);
    const membership = body.included.find((e) => e.entityUrn === collection['*elements'][0]);
    const profile = body.included.find((e) => e.entityUrn === membership?.['*profile']);
    expect(profile).toMatchObject({ $type: 'com.linkedin.voyager.dash.identity.profile.Profile' });
    expect(sandbox.control.audience(LI_AT, { group: '123' })[10]?.profileUrn).toBe(profile?.entityUrn);
  });

  it('a group the member has not joined answers 403; a malformed group URN 400', async () => {
    const browser = await openBrowser(sandbox.url, LI_AT);
    expect((await browser.call('GET', groupPath('120', 0))).status).toBe(403);
    expect(
      (
        await browser.call(
          'GET',
          '/voyager/api/graphql?variables=(groupUrn:nope)&queryId=voyagerGroupsDashGroupMemberships.abc',
        )
      ).status,
    ).toBe(400);
  });

  it('people search narrows to an event’s attendees with eventAttending', async () => {
    const browser = await openBrowser(sandbox.url, LI_AT);
    const answer = await browser.call(
      'GET',
      searchPath(
        '(start:0,origin:EVENT_PAGE_CANNED_SEARCH,query:(flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:eventAttending,value:List(99887766)),(key:resultType,value:List(PEOPLE)))))',
      ),
    );
    const body = answer.body as {
      data: { data: { searchDashClustersByAll: { paging: { total: number } } } };
    };
    expect(body.data.data.searchDashClustersByAll.paging.total).toBe(
      sandbox.control.audience(LI_AT, { event: '99887766' }).length,
    );
  });
});
