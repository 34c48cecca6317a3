import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LinkedInSandbox, type PersonSummary, startLinkedInSandbox } from './index';
import { DAY_MS, openBrowser, type TestBrowser, testClock } from './test-support';

const clock = testClock();
const DAY_SECONDS = 600;
const SIM_DAY = DAY_SECONDS * 1000;
const LI_AT = 'AQEDAtime-travel';
let sandbox: LinkedInSandbox;
let browser: TestBrowser;

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({
    networkSize: 400,
    seed: 3,
    now: clock.now,
    daySeconds: DAY_SECONDS,
  });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  sandbox.control.reset();
  browser = await openBrowser(sandbox.url, LI_AT);
});

const invite = (person: PersonSummary, note?: string) =>
  browser.call(
    'POST',
    '/voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2',
    {
      invitee: { inviteeUnion: { memberProfile: person.profileUrn } },
      ...(note ? { customMessage: note } : {}),
    },
  );

const message = (person: PersonSummary, text: string) =>
  browser.call('POST', '/voyager/api/messaging/conversations?action=create', {
    keyVersion: 'LEGACY_INBOX',
    conversationCreate: {
      eventCreate: {
        value: { 'com.linkedin.voyager.messaging.create.MessageCreate': { attributedBody: { text } } },
      },
      recipients: [person.profileUrn.split(':').at(-1)],
    },
  });

/** People who are not yet connected to the member, with the wanted traits. */
const strangers = (pred: (p: PersonSummary) => boolean): PersonSummary[] => {
  const state = sandbox.control.memberState(LI_AT);
  return sandbox.control
    .people({ limit: 400, liAt: LI_AT })
    .people.filter(
      (p) =>
        pred(p) &&
        p.connectionDegree !== '1st' &&
        !p.traits.refusesNotes &&
        state.invitations.every((i) => i.profileUrn !== p.profileUrn),
    );
};

const stateOf = (person: PersonSummary) =>
  sandbox.control.memberState(LI_AT).invitations.find((i) => i.profileUrn === person.profileUrn);

describe('simulated time', () => {
  it('accepts an invitation lazily once the person’s delay has passed on the injected clock', async () => {
    const [person] = strangers((p) => p.traits.acceptsInvitations && p.traits.acceptDelayDays >= 2);
    if (!person) throw new Error('no accepting person in the network');
    const res = await invite(person, 'Hello!');
    expect(res.status).toBe(200);
    const sentAt = clock.now().getTime();
    clock.advance(person.traits.acceptDelayDays * SIM_DAY - 1);
    expect(stateOf(person)?.state).toBe('PENDING');
    clock.advance(1);
    expect(stateOf(person)?.state).toBe('ACCEPTED');
    const added = sandbox.control
      .memberState(LI_AT)
      .connectionsAdded.find((c) => c.profileUrn === person.profileUrn);
    expect(new Date(added?.connectedAt ?? 0).getTime()).toBe(
      sentAt + person.traits.acceptDelayDays * SIM_DAY,
    );
    // The sent list and the profile read the same state.
    const sent = await browser.call(
      'GET',
      '/voyager/api/relationships/sentInvitationViewsV2?count=10&invitationType=CONNECTION&q=invitationType&start=0',
    );
    expect((sent.body as { data: { '*elements': string[] } }).data['*elements']).toEqual([]);
  });

  it('never accepts for people who do not, and a withdrawn invitation never turns into a connection', async () => {
    const [refuser] = strangers((p) => !p.traits.acceptsInvitations);
    const [accepter] = strangers((p) => p.traits.acceptsInvitations);
    if (!refuser || !accepter) throw new Error('network lacks the people this test needs');
    await invite(refuser);
    const withdrawn = await invite(accepter);
    const invitationUrn = (withdrawn.body as { data: { value: { invitationUrn: string } } }).data.value
      .invitationUrn;
    const sent = await browser.call(
      'GET',
      '/voyager/api/relationships/sentInvitationViewsV2?count=10&invitationType=CONNECTION&q=invitationType&start=0',
    );
    const inv = (sent.body as { included: Array<Record<string, unknown>> }).included.find(
      (e) => e.entityUrn === `urn:li:fs_relInvitation:${invitationUrn.split(':').at(-1)}`,
    );
    const id = invitationUrn.split(':').at(-1);
    const w = await browser.call('POST', `/voyager/api/relationships/invitations/${id}?action=withdraw`, {
      invitationId: id,
      invitationSharedSecret: inv?.sharedSecret,
      isGenericInvitation: false,
    });
    expect(w.status).toBe(200);
    // LinkedIn will not take a new invitation to the same person for three weeks after a withdrawal.
    const again = await invite(accepter);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ data: { code: 'CANT_RESEND_YET' } });
    clock.advance(30 * SIM_DAY);
    expect(stateOf(refuser)?.state).toBe('PENDING');
    expect(stateOf(accepter)?.state).toBe('WITHDRAWN');
  });

  it('replies to the first follow-up after the person’s reply delay, once', async () => {
    const [person] = strangers((p) => p.traits.acceptsInvitations && p.traits.repliesToFollowUp);
    if (!person) throw new Error('no replying person in the network');
    await invite(person);
    clock.advance(person.traits.acceptDelayDays * SIM_DAY);
    expect((await message(person, 'Thanks for connecting!')).status).toBe(201);
    clock.advance(person.traits.replyDelayDays * SIM_DAY - 1);
    expect(sandbox.control.memberState(LI_AT).messages.filter((m) => m.from === 'them')).toHaveLength(0);
    clock.advance(1);
    expect((await message(person, 'Following up')).status).toBe(201);
    clock.advance(10 * SIM_DAY);
    const messages = sandbox.control
      .memberState(LI_AT)
      .messages.filter((m) => m.profileUrn === person.profileUrn);
    expect(messages.map((m) => m.from)).toEqual(['me', 'them', 'me']);
  });

  it('takes days from daySeconds, so a whole campaign fits in minutes', async () => {
    expect(sandbox.control.info().daySeconds).toBe(DAY_SECONDS);
    const [person] = strangers((p) => p.traits.acceptsInvitations);
    if (!person) throw new Error('no accepting person in the network');
    await invite(person);
    clock.advance(person.traits.acceptDelayDays * SIM_DAY);
    expect(stateOf(person)?.state).toBe('ACCEPTED');
    expect(SIM_DAY).toBeLessThan(DAY_MS);
  });
});
