import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LinkedInSandbox, type MemberState, type PersonSummary, startLinkedInSandbox } from './index';
import { openBrowser, testClock } from './test-support';

const clock = testClock();
const LI_AT = 'AQEDAcontrol';
let sandbox: LinkedInSandbox;

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({ networkSize: 300, seed: 5, now: clock.now, daySeconds: 60 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await control('POST', '/__sandbox/reset');
});

const control = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

const stranger = async (pred: (p: PersonSummary) => boolean = () => true): Promise<PersonSummary> => {
  const { body } = await control('GET', `/__sandbox/people?limit=300&li_at=${LI_AT}`);
  const person = (body as { people: PersonSummary[] }).people.find(
    (p) => p.connectionDegree !== '1st' && pred(p),
  );
  if (!person) throw new Error('no such person in the sandbox network');
  return person;
};

const state = async (): Promise<MemberState> =>
  (await control('GET', `/__sandbox/members/state?li_at=${encodeURIComponent(LI_AT)}`)).body as MemberState;

describe('the control API under /__sandbox/', () => {
  it('describes the sandbox and lists its people, with degrees for a member', async () => {
    const info = await control('GET', '/__sandbox/info');
    expect(info.body).toMatchObject({ seed: 5, networkSize: 300, daySeconds: 60 });
    const { body } = await control('GET', `/__sandbox/people?offset=10&limit=5&li_at=${LI_AT}`);
    const page = body as { total: number; people: PersonSummary[] };
    expect(page.total).toBe(300);
    expect(page.people.map((p) => p.index)).toEqual([10, 11, 12, 13, 14]);
    expect(page.people[0]?.connectionDegree).toMatch(/^(1st|2nd|3rd\+)$/);
    const one = page.people[0];
    if (!one) throw new Error('empty page');
    const byUrl = await control('GET', `/__sandbox/people/${encodeURIComponent(one.profileUrl)}`);
    expect((byUrl.body as PersonSummary).profileUrn).toBe(one.profileUrn);
    // Any well-formed profile address is somebody (made up from it); anything else is nobody.
    expect((await control('GET', '/__sandbox/people/nobody-here')).body).toMatchObject({
      name: 'Nobody Here',
    });
    expect((await control('GET', '/__sandbox/people/no')).status).toBe(404);
    expect((await control('GET', `/__sandbox/people/${encodeURIComponent('not a slug!')}`)).status).toBe(404);
  });

  it('reads a member’s state: invitations, connections, reactions, comments, messages, profile views', async () => {
    const person = await stranger((p) => p.posts.length > 0 && !p.traits.refusesNotes);
    const browser = await openBrowser(sandbox.url, LI_AT);
    await browser.call(
      'GET',
      `/voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=${person.publicIdentifier}&decorationId=com.linkedin.voyager.dash.deco.identity.profile.WebTopCardCore-16`,
    );
    const post = person.posts[0]?.postUrn ?? '';
    await browser.call(
      'POST',
      `/voyager/api/voyagerSocialDashReactions?threadUrn=${encodeURIComponent(post)}`,
      { reactionType: 'LIKE' },
    );
    await browser.call('POST', '/voyager/api/voyagerSocialDashNormComments', {
      commentary: { text: 'Well said' },
      threadUrn: post,
    });
    await browser.call(
      'POST',
      '/voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2',
      {
        invitee: { inviteeUnion: { memberProfile: person.profileUrn } },
        customMessage: 'Hi!',
      },
    );
    expect(
      (await control('POST', '/__sandbox/people/accept', { li_at: LI_AT, person: person.publicIdentifier }))
        .status,
    ).toBe(200);
    await browser.call('POST', '/voyager/api/messaging/conversations?action=create', {
      conversationCreate: {
        eventCreate: {
          value: {
            'com.linkedin.voyager.messaging.create.MessageCreate': { attributedBody: { text: 'Hello' } },
          },
        },
        recipients: [person.profileUrn],
      },
    });
    expect(
      (
        await control('POST', '/__sandbox/people/reply', {
          li_at: LI_AT,
          person: person.profileUrn,
          text: 'Hey back',
        })
      ).status,
    ).toBe(200);
    const s = await state();
    expect(s.profileViews).toEqual([expect.objectContaining({ publicIdentifier: person.publicIdentifier })]);
    expect(s.reactions).toEqual([
      expect.objectContaining({ postUrn: post, reactionType: 'LIKE', authorProfileUrn: person.profileUrn }),
    ]);
    expect(s.comments).toEqual([expect.objectContaining({ postUrn: post, text: 'Well said' })]);
    expect(s.invitations).toEqual([
      expect.objectContaining({ profileUrn: person.profileUrn, message: 'Hi!', state: 'ACCEPTED' }),
    ]);
    expect(s.connectionsAdded).toEqual([expect.objectContaining({ profileUrn: person.profileUrn })]);
    expect(s.messages.map((m) => [m.from, m.text])).toEqual([
      ['me', 'Hello'],
      ['them', 'Hey back'],
    ]);
  });

  it('refuses accept/reply that have nothing to act on, and bad bodies', async () => {
    const person = await stranger();
    expect(
      (await control('POST', '/__sandbox/people/accept', { li_at: LI_AT, person: person.publicIdentifier }))
        .status,
    ).toBe(409);
    expect(
      (await control('POST', '/__sandbox/people/reply', { li_at: LI_AT, person: person.publicIdentifier }))
        .status,
    ).toBe(409);
    expect((await control('POST', '/__sandbox/sessions/expire', {})).status).toBe(400);
    expect(
      (await control('POST', '/__sandbox/sessions/throttle', { li_at: LI_AT, status: 500 })).status,
    ).toBe(400);
  });

  it('switches notes off for a member: invitations with a note get the note-refused 4xx, without one they go', async () => {
    const person = await stranger((p) => !p.traits.refusesNotes);
    const browser = await openBrowser(sandbox.url, LI_AT);
    await control('POST', '/__sandbox/members/notes', { li_at: LI_AT, allowed: false });
    const invite = (customMessage?: string) =>
      browser.call(
        'POST',
        '/voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2',
        {
          invitee: { inviteeUnion: { memberProfile: person.profileUrn } },
          ...(customMessage ? { customMessage } : {}),
        },
      );
    const refused = await invite('Hello there');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: { code: 'CUSTOM_MESSAGE_NOT_ALLOWED' } });
    expect((await invite()).status).toBe(200);
    expect((await state()).member.notesAllowed).toBe(false);
  });

  it('expires, throttles, challenges and stalls sessions over HTTP, and logs requests', async () => {
    const browser = await openBrowser(sandbox.url, LI_AT);
    await control('POST', '/__sandbox/sessions/throttle', { li_at: LI_AT, calls: 1, status: 999 });
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(999);
    await control('POST', '/__sandbox/sessions/challenge', { li_at: LI_AT });
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(302);
    await control('POST', '/__sandbox/sessions/resolve-challenge', { li_at: LI_AT });
    await control('POST', '/__sandbox/sessions/stall', { li_at: LI_AT, ms: 50 });
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(200);
    await control('POST', '/__sandbox/sessions/expire', { li_at: LI_AT });
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(401);
    const renewed = await control('POST', '/__sandbox/sessions/renew', { li_at: LI_AT });
    const fresh = await openBrowser(sandbox.url, (renewed.body as { li_at: string }).li_at);
    expect((await fresh.call('GET', '/voyager/api/me')).status).toBe(200);
    const log = (await control('GET', `/__sandbox/requests?li_at=${LI_AT}`)).body as Array<{
      path: string;
      status: number;
    }>;
    expect(log.map((e) => e.path)).toEqual([
      '/feed/',
      '/voyager/api/me',
      '/voyager/api/me',
      '/voyager/api/me',
      '/voyager/api/me',
      '/feed/',
      '/voyager/api/me',
    ]);
    expect(log.at(-1)?.status).toBe(200);
  });

  it('stalls only the calls of one path when told which', async () => {
    const person = await stranger();
    const browser = await openBrowser(sandbox.url, LI_AT);
    await control('POST', '/__sandbox/sessions/stall', {
      li_at: LI_AT,
      ms: 500,
      path: '/voyager/api/identity/dash/profiles',
    });
    const finished: string[] = [];
    const held = browser
      .call(
        'GET',
        `/voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=${person.publicIdentifier}`,
      )
      .then((answer) => finished.push(`profile ${answer.status}`));
    // Other calls pass while the profile call is held; the held one answers in the end.
    expect((await browser.call('GET', '/voyager/api/me')).status).toBe(200);
    finished.push('me');
    await held;
    expect(finished).toEqual(['me', 'profile 200']);
  });

  it('moves the clock and resets everything', async () => {
    const before = new Date(((await control('GET', '/__sandbox/info')).body as { now: string }).now);
    const after = await control('POST', '/__sandbox/clock/advance', { days: 2 });
    expect(new Date((after.body as { now: string }).now).getTime() - before.getTime()).toBe(2 * 60_000);
    await control('POST', '/__sandbox/members/notes', { li_at: LI_AT, allowed: false });
    await control('POST', '/__sandbox/reset');
    expect(sandbox.control.info().now).toBe(before.toISOString());
    expect((await state()).member.notesAllowed).toBe(true);
  });
});

describe('people search', () => {
  const search = async (variables: string) => {
    const browser = await openBrowser(sandbox.url, LI_AT);
    const res = await browser.call(
      'GET',
      `/voyager/api/graphql?variables=${variables}&queryId=voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0`,
    );
    expect(res.status).toBe(200);
    const body = res.body as {
      data: {
        data: {
          searchDashClustersByAll: {
            paging: { start: number; count: number; total: number };
            metadata: { totalResultCount: number };
            elements: Array<{ items: Array<{ item: { '*entityResult': string } }> }>;
          };
        };
      };
      included: Array<Record<string, unknown> & { entityUrn: string }>;
    };
    const clusters = body.data.data.searchDashClustersByAll;
    const results = clusters.elements.flatMap((c) =>
      c.items.map((i) => body.included.find((e) => e.entityUrn === i.item['*entityResult'])),
    );
    return { paging: clusters.paging, totalResultCount: clusters.metadata.totalResultCount, results };
  };

  it('pages 10 at a time and filters by keywords and network degree', async () => {
    const first = await search(
      '(start:0,origin:FACETED_SEARCH,query:(flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:network,value:List(S)),(key:resultType,value:List(PEOPLE))),includeFiltersInResponse:false))',
    );
    expect(first.results).toHaveLength(10);
    for (const r of first.results)
      expect(r?.entityCustomTrackingInfo).toMatchObject({ memberDistance: 'DISTANCE_2' });
    const second = await search(
      '(start:10,origin:FACETED_SEARCH,query:(flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:network,value:List(S)),(key:resultType,value:List(PEOPLE))),includeFiltersInResponse:false))',
    );
    expect(second.paging).toMatchObject({ start: 10, count: 10, total: first.paging.total });
    expect(second.results[0]?.entityUrn).not.toBe(first.results[0]?.entityUrn);
    const person = (await stranger((p) => p.connectionDegree === '2nd')).name;
    const named = await search(
      `(start:0,origin:GLOBAL_SEARCH_HEADER,query:(keywords:${encodeURIComponent(person).replace(/[()']/g, (c) => `%${c.charCodeAt(0).toString(16)}`)},flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(PEOPLE))),includeFiltersInResponse:false))`,
    );
    expect(named.results.map((r) => (r?.title as { text: string } | undefined)?.text)).toContain(person);
  });

  it('caps total at 1000 like LinkedIn, while the metadata counts everyone', async () => {
    const big = await startLinkedInSandbox({ networkSize: 1500, now: clock.now });
    try {
      const browser = await openBrowser(big.url, LI_AT);
      const all =
        '(start:990,origin:GLOBAL_SEARCH_HEADER,query:(flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(PEOPLE))),includeFiltersInResponse:false))';
      const res = await browser.call(
        'GET',
        `/voyager/api/graphql?variables=${all}&queryId=voyagerSearchDashClusters.x`,
      );
      const clusters = (
        res.body as {
          data: {
            data: {
              searchDashClustersByAll: {
                paging: { total: number };
                metadata: { totalResultCount: number };
                elements: unknown[];
              };
            };
          };
        }
      ).data.data.searchDashClustersByAll;
      expect(clusters.paging.total).toBe(1000);
      expect(clusters.metadata.totalResultCount).toBe(1500);
      expect(clusters.elements).toHaveLength(1);
      const beyond = await browser.call(
        'GET',
        `/voyager/api/graphql?variables=${all.replace('start:990', 'start:1000')}&queryId=voyagerSearchDashClusters.x`,
      );
      expect(
        (beyond.body as { data: { data: { searchDashClustersByAll: { elements: unknown[] } } } }).data.data
          .searchDashClustersByAll.elements,
      ).toEqual([]);
    } finally {
      await big.close();
    }
  });

  it('maps geo and company ids it does not know onto its own, deterministically', async () => {
    const q = (geo: string) =>
      `(start:0,origin:FACETED_SEARCH,query:(flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:geoUrn,value:List(${geo})),(key:resultType,value:List(PEOPLE))),includeFiltersInResponse:false))`;
    const a = await search(q('103644278'));
    const b = await search(q('103644278'));
    expect(a.paging.total).toBeGreaterThan(0);
    expect(a.paging.total).toBeLessThan(300);
    expect(b.results.map((r) => r?.entityUrn)).toEqual(a.results.map((r) => r?.entityUrn));
    const locations = new Set(
      a.results.map((r) => (r?.secondarySubtitle as { text: string } | undefined)?.text),
    );
    expect(locations.size).toBe(1);
  });
});
