import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkedInSandbox, type PersonSummary, startLinkedInSandbox } from './index';
import { nameFromSlug } from './made-up-people';
import { openBrowser, searchPath, testClock } from './test-support';

const clock = testClock();
const LI_AT = 'AQEDAmadeup';
let sandbox: LinkedInSandbox;

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({ networkSize: 300, seed: 5, now: clock.now, daySeconds: 60 });
});
afterAll(() => sandbox.close());

const profilePath = (slug: string) =>
  `/voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=${encodeURIComponent(slug)}&decorationId=com.linkedin.voyager.dash.deco.identity.profile.WebTopCardCore-16`;

type Normalized = { included: Array<Record<string, unknown>> };
const profileOf = (body: unknown) =>
  (body as Normalized).included.find((e) => e.$type === 'com.linkedin.voyager.dash.identity.profile.Profile');

/** A CSV lead's address: someone the generated network does not hold, with posts, a picture, and who takes notes. */
const csvPerson = (): PersonSummary => {
  for (let i = 1; i < 200; i++) {
    const person = sandbox.control.person(`https://www.linkedin.com/in/maria-lopez-${i}`);
    if (person.posts.length > 0 && !person.traits.refusesNotes && person.pictureUrl) return person;
  }
  throw new Error('no such made-up person');
};

describe('people made up from a profile address', () => {
  it('read their name from a first-last slug, and make one up for any other', () => {
    expect(nameFromSlug('jane-doe')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(nameFromSlug('jean-luc-picard-3a9f1')).toEqual({ firstName: 'Jean', lastName: 'Luc Picard' });
    expect(nameFromSlug('jdoe')).toBeNull();
    expect(nameFromSlug('ceo-2019')).toBeNull();
  });

  it('answer any well-formed profile address, the same person every time, and 404 a malformed one', async () => {
    const browser = await openBrowser(sandbox.url, LI_AT);
    const first = await browser.call('GET', profilePath('jane-doe-7c1'));
    expect(first.status).toBe(200);
    expect(profileOf(first.body)).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      publicIdentifier: 'jane-doe-7c1',
    });
    const again = await browser.call('GET', profilePath('jane-doe-7c1'));
    expect(profileOf(again.body)?.entityUrn).toBe(profileOf(first.body)?.entityUrn);
    const other = await browser.call('GET', profilePath('jdoe'));
    expect(profileOf(other.body)?.entityUrn).not.toBe(profileOf(first.body)?.entityUrn);
    expect(String(profileOf(other.body)?.firstName).length).toBeGreaterThan(0);
    expect(String(profileOf(other.body)?.headline).length).toBeGreaterThan(0);
    expect((await browser.call('GET', profilePath('x!'))).status).toBe(404);

    // Another sandbox with the same seed makes up the same person (a restart, another process).
    const twin = await startLinkedInSandbox({ networkSize: 300, seed: 5, now: clock.now });
    try {
      const twinBrowser = await openBrowser(twin.url, LI_AT);
      const same = await twinBrowser.call('GET', profilePath('jane-doe-7c1'));
      const fields = (p: Record<string, unknown> | undefined) => [
        p?.entityUrn,
        p?.objectUrn,
        p?.firstName,
        p?.lastName,
        p?.headline,
      ];
      expect(fields(profileOf(same.body))).toEqual(fields(profileOf(first.body)));
    } finally {
      await twin.close();
    }
  });

  it('behave like generated people: posts, likes, comments, invitations, acceptance, messages, replies, search', async () => {
    const person = csvPerson();
    const browser = await openBrowser(sandbox.url, LI_AT);
    // Their picture is served like anyone's (initials on a colour).
    const picture = await fetch(person.pictureUrl ?? '');
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    expect(await picture.text()).toContain('>ML<');
    const viewed = await browser.call('GET', profilePath(person.publicIdentifier));
    expect(profileOf(viewed.body)?.entityUrn).toBe(person.profileUrn);

    const feed = await browser.call(
      'GET',
      `/voyager/api/identity/profileUpdatesV2?q=memberShareFeed&profileUrn=${encodeURIComponent(person.profileUrn)}&count=10`,
    );
    expect(feed.status).toBe(200);
    const post = person.posts[0]?.postUrn ?? '';
    expect(JSON.stringify(feed.body)).toContain(post);
    expect(
      (
        await browser.call(
          'POST',
          `/voyager/api/voyagerSocialDashReactions?threadUrn=${encodeURIComponent(post)}`,
          { reactionType: 'LIKE' },
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await browser.call('POST', '/voyager/api/voyagerSocialDashNormComments', {
          commentary: { text: 'Well said' },
          threadUrn: post,
        })
      ).status,
    ).toBe(201);
    const invited = await browser.call(
      'POST',
      '/voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2',
      { invitee: { inviteeUnion: { memberProfile: person.profileUrn } }, customMessage: 'Hi!' },
    );
    expect(invited.status).toBe(200);
    const sent = await browser.call(
      'GET',
      '/voyager/api/relationships/sentInvitationViewsV2?q=invitationType&invitationType=CONNECTION',
    );
    expect(JSON.stringify(sent.body)).toContain(person.publicIdentifier);

    sandbox.control.acceptNow(LI_AT, person.profileUrl);
    const message = await browser.call('POST', '/voyager/api/messaging/conversations?action=create', {
      conversationCreate: {
        eventCreate: {
          value: {
            'com.linkedin.voyager.messaging.create.MessageCreate': { attributedBody: { text: 'Hello' } },
          },
        },
        recipients: [person.profileUrn],
      },
    });
    expect(message.status).toBe(201);
    sandbox.control.replyNow(LI_AT, person.publicIdentifier, 'Hey back');
    const thread = await browser.call(
      'GET',
      `/voyager/api/messaging/conversations?keyVersion=LEGACY_INBOX&q=participants&recipients=List(${encodeURIComponent(person.profileUrn)})`,
    );
    expect(JSON.stringify(thread.body)).toContain('Hey back');

    const state = sandbox.control.memberState(LI_AT);
    expect(state.reactions).toEqual([
      expect.objectContaining({ postUrn: post, authorProfileUrn: person.profileUrn }),
    ]);
    expect(state.comments).toEqual([expect.objectContaining({ postUrn: post, text: 'Well said' })]);
    expect(state.invitations).toEqual([
      expect.objectContaining({ profileUrn: person.profileUrn, state: 'ACCEPTED' }),
    ]);
    expect(state.messages.map((m) => [m.from, m.text])).toEqual([
      ['me', 'Hello'],
      ['them', 'Hey back'],
    ]);

    const found = await browser.call(
      'GET',
      searchPath(
        `(start:0,origin:GLOBAL_SEARCH_HEADER,query:(keywords:${encodeURIComponent(`${person.name}`)},flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(PEOPLE)))))`,
      ),
    );
    expect(JSON.stringify(found.body)).toContain(person.profileUrn);
  });
});
