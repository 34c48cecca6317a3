import type { TThreadDetail, TThreadsResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, conversations, linkedinAccounts } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { startSession } from '../src/modules/auth/start-session';
import { refreshInbox, sweepInboxes } from '../src/modules/engagement/refresh-inbox';
import { runAccount } from '../src/modules/outreach/run-account';
import { seedInboxCampaign } from './support/engagement-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/outreach-factories';

// A Monday, 10:00 UTC: working hours in the campaigns' zone (UTC).
const START = new Date('2026-03-02T10:00:00Z');
const DAY = 86_400_000;
const clock = fixedClock(START);
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

/** A token signed now: the tests move the clock days on, past an access token's life. */
const tokenOf = async (user: SeededUser): Promise<string> =>
  (await startSession(h.deps, user.user, { ip: '127.0.0.1', userAgent: 'vitest' })).accessToken;

const threads = async (user: SeededUser, query = ''): Promise<TThreadsResponse> => {
  const answer = await h.call('GET', `/api/engagement/threads${query}`, { token: await tokenOf(user) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TThreadsResponse;
};
const thread = async (user: SeededUser, id: number): Promise<TThreadDetail> => {
  const answer = await h.call('GET', `/api/engagement/threads/${id}`, { token: await tokenOf(user) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TThreadDetail;
};

describe('the inbox keeps the threads the engine writes and the replies it reads', () => {
  it('shows the follow-up the engine sent, then the member’s reply read by the refresh job, once', async () => {
    const user = await seedUser(h);
    const { account, people, campaign } = await seedInboxCampaign(h, clock, user);
    const person = people[0];
    if (!person) throw new Error('no person');

    const run = await runAccount({ ...h.deps, random: () => 0.5 }, account.id);
    expect(run.ran).toMatchObject({ action: 'follow_up_1', result: 'done' });
    const first = await threads(user);
    expect(first.threads).toHaveLength(1);
    expect(first.threads[0]).toMatchObject({
      lead: { name: person.name },
      campaign: { id: campaign.id, name: campaign.name },
      account: { id: account.id },
      last_message: { from: 'me' },
      unread_count: 0,
      label: null,
    });
    expect(first.unread_total).toBe(0);

    // The person answers some days later in the sandbox's world; the refresh job reads it.
    clock.set(new Date(START.getTime() + (person.traits.replyDelayDays + 0.1) * DAY));
    expect(await sweepInboxes(h.deps)).toContain(account.id);
    expect(await refreshInbox(h.deps, account.id)).toEqual({ read: 1, kept: 1 });
    const id = first.threads[0]?.id ?? 0;
    const detail = await thread(user, id);
    expect(detail.messages.map((m) => [m.from, m.origin])).toEqual([
      ['me', 'engine'],
      ['them', 'linkedin'],
    ]);
    expect(detail.unread_count).toBe(1);
    expect(detail.sequence).toMatchObject({ status: 'Follow-up 1 Sent', ended: false });
    expect(detail.sequence.next_step?.action).toBe('follow_up_2');
    expect((await threads(user)).unread_total).toBe(1);

    // Read again later: nothing doubles, nothing new is unread.
    clock.advance(DAY / 6);
    expect(await refreshInbox(h.deps, account.id)).toEqual({ read: 1, kept: 1 });
    const again = await thread(user, id);
    expect(again.messages).toHaveLength(2);
    expect(again.unread_count).toBe(1);

    // The engine's next look at the thread ends the sequence as Replied; the inbox shows it.
    // Follow-up 2 falls on day 35 of the plan, a Monday.
    clock.set(new Date(START.getTime() + 35 * DAY));
    await h.deps.db
      .update(linkedinAccounts)
      .set({ nextActionAt: null })
      .where(eq(linkedinAccounts.id, account.id));
    const ended = await runAccount({ ...h.deps, random: () => 0.5 }, account.id);
    expect(ended.ran).toMatchObject({ action: 'follow_up_2', result: 'done' });
    const replied = await thread(user, id);
    expect(replied.messages).toHaveLength(2);
    expect(replied.sequence).toMatchObject({ status: 'Replied', ended: true, next_step: null });

    const read = await h.call('POST', `/api/engagement/threads/${id}/read`, { token: await tokenOf(user) });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as TThreadDetail).unread_count).toBe(0);
    const badge = await h.call('GET', '/api/engagement/unread', { token: await tokenOf(user) });
    expect(badge.json()).toEqual({ unread_total: 0 });
  });
});

describe('replies, labels, search and filters', () => {
  it('sends a reply through LinkedIn under the account’s rules, reads it back and keeps it', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { account, liAt, people } = await seedInboxCampaign(h, clock, user);
    await runAccount({ ...h.deps, random: () => 0.5 }, account.id);
    const [summary] = (await threads(user)).threads;
    if (!summary || !people[0]) throw new Error('no thread');

    const sent = await h.call('POST', `/api/engagement/threads/${summary.id}/reply`, {
      token: user.accessToken,
      body: { text: '  Happy to send over a short overview, if useful.  ' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json() as { message: string; thread: TThreadDetail };
    expect(body.message).toBe('Reply sent');
    expect(body.thread.messages.at(-1)).toMatchObject({
      from: 'me',
      origin: 'inbox',
      text: 'Happy to send over a short overview, if useful.',
    });
    // LinkedIn holds it, the lease is given back and the account rests as after any action.
    const world = sandboxOf(h).memberState(liAt);
    expect(world.messages.map((m) => m.text)).toContain('Happy to send over a short overview, if useful.');
    const [after] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.id, account.id));
    expect(after?.engineLeaseHolder).toBeNull();
    expect(after?.nextActionAt?.getTime()).toBeGreaterThan(clock.now().getTime());

    // An empty reply is refused before LinkedIn is asked.
    const empty = await h.call('POST', `/api/engagement/threads/${summary.id}/reply`, {
      token: user.accessToken,
      body: { text: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation_error', message: 'Write a reply first' });

    // The day's messages (follow-ups and replies together) are capped: 40, then a clear 429.
    const [row] = await h.deps.db.select().from(conversations).where(eq(conversations.id, summary.id));
    await h.deps.db.insert(conversationMessages).values(
      Array.from({ length: 38 }, (_, i) => ({
        conversationId: summary.id,
        urn: `urn:test:inbox:${i}`,
        sender: 'me' as const,
        origin: 'inbox' as const,
        text: `Earlier reply ${i}`,
        sentAt: clock.now(),
      })),
    );
    expect(row).toBeDefined();
    const capped = await h.call('POST', `/api/engagement/threads/${summary.id}/reply`, {
      token: user.accessToken,
      body: { text: 'One more' },
    });
    expect(capped.statusCode, capped.body).toBe(429);
    expect(capped.json()).toMatchObject({ error: 'daily_cap_reached' });
    expect(
      sandboxOf(h)
        .memberState(liAt)
        .messages.map((m) => m.text),
    ).not.toContain('One more');
    await h.deps.db
      .delete(conversationMessages)
      .where(
        and(eq(conversationMessages.conversationId, summary.id), eq(conversationMessages.origin, 'inbox')),
      );

    // An expired session: refused with the reason, the account marked, nothing sent.
    sandboxOf(h).expireSession(liAt);
    const expired = await h.call('POST', `/api/engagement/threads/${summary.id}/reply`, {
      token: user.accessToken,
      body: { text: 'After expiry' },
    });
    expect(expired.statusCode, expired.body).toBe(409);
    expect(expired.json()).toMatchObject({ error: 'linkedin_expired', expired: true });
    const [marked] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.id, account.id));
    expect(marked?.status).toBe('expired');
    // Once marked, the next reply is refused before LinkedIn is asked.
    const again = await h.call('POST', `/api/engagement/threads/${summary.id}/reply`, {
      token: user.accessToken,
      body: { text: 'Still expired' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('labels the lead, finds threads by words and filters, and answers 404 for another user’s thread', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { account, people } = await seedInboxCampaign(h, clock, user, 2);
    await h.deps.db
      .update(linkedinAccounts)
      .set({ nextActionAt: null })
      .where(eq(linkedinAccounts.id, account.id));
    await runAccount({ ...h.deps, random: () => 0.5 }, account.id);
    clock.advance(5 * 60_000);
    await h.deps.db
      .update(linkedinAccounts)
      .set({ nextActionAt: null })
      .where(eq(linkedinAccounts.id, account.id));
    await runAccount({ ...h.deps, random: () => 0.5 }, account.id);
    const all = await threads(user);
    expect(all.threads).toHaveLength(2);
    // Newest message first.
    expect((all.threads[0]?.last_message.sent_at ?? '') >= (all.threads[1]?.last_message.sent_at ?? '')).toBe(
      true,
    );
    const target = all.threads.find((t) => t.lead.name === people[0]?.name);
    if (!target || !people[0]) throw new Error('no thread');

    const labelled = await h.call('PUT', `/api/engagement/threads/${target.id}/label`, {
      token: user.accessToken,
      body: { label: 'interested' },
    });
    expect(labelled.statusCode, labelled.body).toBe(200);
    expect((labelled.json() as TThreadDetail).label).toBe('interested');
    expect((await threads(user, '?label=interested')).threads.map((t) => t.id)).toEqual([target.id]);
    expect((await threads(user, '?label=none')).threads).toHaveLength(1);
    const wrong = await h.call('PUT', `/api/engagement/threads/${target.id}/label`, {
      token: user.accessToken,
      body: { label: 'maybe' },
    });
    expect(wrong.statusCode).toBe(400);

    // Search: the lead's name, a message's words; % matches only itself.
    const lastName = people[0].name.split(' ').at(-1) ?? '';
    expect((await threads(user, `?q=${encodeURIComponent(lastName)}`)).threads.map((t) => t.id)).toContain(
      target.id,
    );
    expect((await threads(user, '?q=short%20call%20next%20week')).threads).toHaveLength(2);
    expect((await threads(user, '?q=%25')).threads).toHaveLength(0);
    expect((await threads(user, '?unread=true')).threads).toHaveLength(0);
    expect((await threads(user, `?account_id=${account.id}`)).threads).toHaveLength(2);
    expect((await threads(user, `?campaign_id=${target.campaign.id + 1000}`)).threads).toHaveLength(0);
    expect(
      (await h.call('GET', '/api/engagement/threads?cursor=nope', { token: user.accessToken })).statusCode,
    ).toBe(400);

    // Another user sees none of it.
    const other = await seedUser(h);
    expect((await threads(other)).threads).toHaveLength(0);
    for (const [method, path, body] of [
      ['GET', `/api/engagement/threads/${target.id}`, undefined],
      ['POST', `/api/engagement/threads/${target.id}/read`, undefined],
      ['PUT', `/api/engagement/threads/${target.id}/label`, { label: 'later' }],
      ['POST', `/api/engagement/threads/${target.id}/reply`, { text: 'Hello' }],
      ['POST', `/api/engagement/threads/${target.id}/suggestion`, undefined],
    ] as const) {
      const answer = await h.call(method, path, { token: other.accessToken, body });
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json()).toMatchObject({ error: 'not_found', message: 'Conversation not found' });
    }
    expect((await thread(user, target.id)).label).toBe('interested');
  });

  it('suggests an offline draft that quotes only the lead’s own words', async () => {
    clock.set(START);
    const user = await seedUser(h);
    const { account, people, liAt } = await seedInboxCampaign(h, clock, user);
    await runAccount({ ...h.deps, random: () => 0.5 }, account.id);
    const person = people[0];
    if (!person) throw new Error('no person');
    sandboxOf(h).replyNow(
      liAt,
      person.profileUrn,
      'Sounds good, what would the pilot cost for a team of five?',
    );
    clock.advance(DAY);
    await refreshInbox(h.deps, account.id);
    const token = await tokenOf(user);
    const [summary] = (await threads(user)).threads;
    const answer = await h.call('POST', `/api/engagement/threads/${summary?.id}/suggestion`, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    const suggestion = answer.json() as { text: string; source: string };
    expect(suggestion.source).toBe('draft');
    expect(suggestion.text).toContain(`Hi ${person.name.split(' ')[0]},`);
    expect(suggestion.text).toContain('“Sounds good, what would the pilot cost for a team of five?”');
    // No figure, price or date of its own.
    expect(suggestion.text.replace(/“[^”]*”/, '')).not.toMatch(/\d|\$|€/);
  });
});
