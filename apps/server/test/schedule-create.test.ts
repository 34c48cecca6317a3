import { SCHEDULE_MESSAGES, type TScheduleCreatedResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledPosts } from '../src/db/schema';
import {
  at,
  type ScheduleHarness,
  type SentJob,
  seedBlog,
  seedConnection,
  seedLinkedinPost,
  seedSocialPost,
  startScheduleHarness,
} from './schedule-support';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import type { Harness } from './support/harness';

// Sunday 1 March 2026, 12:00:30 UTC.
const NOW = new Date('2026-03-01T12:00:30Z');
let h: Harness;
let sent: SentJob[];
let call: ScheduleHarness['call'];
let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  ({ h, sent, call, owner, stranger } = await startScheduleHarness(NOW));
});
afterAll(() => h.close());

const rowsOfContent = (contentId: number) =>
  h.deps.db.select().from(scheduledPosts).where(eq(scheduledPosts.contentItemId, contentId));

describe('POST /api/schedule', () => {
  it('puts a LinkedIn post on the calendar at the local time of the user’s zone and queues its publish job for that instant', async () => {
    const user = await seedUser(h);
    expect((await call(user, 'PUT', '/me', { time_zone: 'Europe/Paris' })).statusCode).toBe(200);
    const post = await seedLinkedinPost(h, user);
    const linkedin = await seedConnection(h, user, 'linkedin', { name: 'Ada Lovelace' });

    const answer = await call(
      user,
      'POST',
      '/schedule',
      at('2026-03-02', '09:15', { contentID: post.id, platforms: [linkedin.id] }),
    );

    expect(answer.statusCode).toBe(201);
    const body = answer.json<TScheduleCreatedResponse>();
    expect(body.message).toBe(SCHEDULE_MESSAGES.scheduled);
    expect(body.data).toHaveLength(1);
    const item = body.data[0];
    // 09:15 in Paris in winter (UTC+1).
    expect(item).toMatchObject({
      PostedOn: '2026-03-02T08:15:00.000Z',
      ContentType: ['LinkedIn Post', 'Linkedin'],
      content_id: post.id,
      content_kind: 'linkedin_post',
      platform: 'linkedin',
      target_name: 'Ada Lovelace',
      connection_id: linkedin.id,
      status: 'scheduled',
      failure_reason: null,
      url: null,
      attempts: 0,
    });
    // A post without a title is named by the start of its text (80 characters at most).
    expect(item?.title.startsWith('We roast every Monday so your coffee')).toBe(true);
    expect(item?.title.length).toBeLessThanOrEqual(80);
    expect(item?.title.endsWith('…')).toBe(true);
    const job = sent.find((one) => (one.data as { scheduledPostId: number }).scheduledPostId === item?.ID);
    expect(job).toMatchObject({ name: 'publish-post', startAfter: new Date('2026-03-02T08:15:00Z') });
  });

  it('sends a blog to WordPress and a social post to every chosen account of its network, one item each', async () => {
    const blog = await seedBlog(h, owner);
    const wordpress = await seedConnection(h, owner, 'wordpress', { name: 'coffee.example' });
    const blogAnswer = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-03-05', '18:00', { contentID: blog.id, platforms: [wordpress.id] }),
    );
    expect(blogAnswer.statusCode).toBe(201);
    expect(blogAnswer.json<TScheduleCreatedResponse>().data[0]).toMatchObject({
      ContentType: ['Blog', 'Wordpress'],
      title: 'Five ways to brew better coffee',
      // No zone chosen anywhere: UTC.
      PostedOn: '2026-03-05T18:00:00.000Z',
    });

    const social = await seedSocialPost(h, owner, 'facebook');
    const page1 = await seedConnection(h, owner, 'facebook', { name: 'Roastery' });
    const page2 = await seedConnection(h, owner, 'facebook', { name: 'Roastery Café' });
    const socialAnswer = await call(
      owner,
      'POST',
      '/schedule',
      // The same account twice counts once.
      at('2026-03-05', '18:00', { contentID: social.id, platforms: [page1.id, page2.id, page1.id] }),
    );
    expect(socialAnswer.statusCode).toBe(201);
    const items = socialAnswer.json<TScheduleCreatedResponse>().data;
    expect(items.map((item) => [item.target_name, item.ContentType])).toEqual([
      ['Roastery', ['Social Post', 'Facebook']],
      ['Roastery Café', ['Social Post', 'Facebook']],
    ]);
    expect(await rowsOfContent(social.id)).toHaveLength(2);
  });

  it('reads the local time in the zone sent with the request before the user’s own zone', async () => {
    const user = await seedUser(h);
    await call(user, 'PUT', '/me', { time_zone: 'Asia/Tokyo' });
    const post = await seedLinkedinPost(h, user);
    const linkedin = await seedConnection(h, user, 'linkedin');
    const answer = await call(
      user,
      'POST',
      '/schedule',
      at('2026-03-02', '09:15', {
        contentID: post.id,
        platforms: [linkedin.id],
        time_zone: 'America/New_York',
      }),
    );
    expect(answer.statusCode).toBe(201);
    // 09:15 in New York in March before the change (UTC−5), not Tokyo's 00:15Z.
    expect(answer.json<TScheduleCreatedResponse>().data[0]?.PostedOn).toBe('2026-03-02T14:15:00.000Z');
  });

  it.each([
    ['New York, summer time', 'America/New_York', '2026-07-14', '09:00', '2026-07-14T13:00:00.000Z'],
    ['New York, winter time', 'America/New_York', '2026-12-01', '09:00', '2026-12-01T14:00:00.000Z'],
    ['Paris, summer time', 'Europe/Paris', '2026-07-14', '09:00', '2026-07-14T07:00:00.000Z'],
    [
      'Paris, the day clocks go forward, before the change',
      'Europe/Paris',
      '2026-03-29',
      '01:30',
      '2026-03-29T00:30:00.000Z',
    ],
    // 02:30 does not exist in Paris on 29 March: the next instant that exists is 03:00 (01:00Z).
    ['Paris, a time the clocks skip', 'Europe/Paris', '2026-03-29', '02:30', '2026-03-29T01:00:00.000Z'],
    // 02:30 does not exist in New York on 8 March: 03:00 EDT (07:00Z).
    [
      'New York, a time the clocks skip',
      'America/New_York',
      '2026-03-08',
      '02:30',
      '2026-03-08T07:00:00.000Z',
    ],
    // 01:30 happens twice in New York on 1 November: the first (EDT, 05:30Z).
    ['New York, a time shown twice', 'America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['Paris, a time shown twice', 'Europe/Paris', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['an alias of a zone (US/Eastern)', 'US/Eastern', '2026-07-14', '09:00', '2026-07-14T13:00:00.000Z'],
  ])('converts %s to UTC', async (_case, zone, date, time, expected) => {
    const post = await seedLinkedinPost(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const answer = await call(
      owner,
      'POST',
      '/schedule',
      at(date, time, { contentID: post.id, platforms: [linkedin.id], time_zone: zone }),
    );
    expect(answer.statusCode).toBe(201);
    expect(answer.json<TScheduleCreatedResponse>().data[0]?.PostedOn).toBe(expected);
  });

  it('takes the current minute and refuses the one before it', async () => {
    const post = await seedLinkedinPost(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const past = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-03-01', '11:59', { contentID: post.id, platforms: [linkedin.id] }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: 'in_the_past', message: 'Pick a time in the future' });
    // A day earlier in a zone ahead of UTC is still the past.
    const pastInTokyo = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-03-01', '20:59', { contentID: post.id, platforms: [linkedin.id], time_zone: 'Asia/Tokyo' }),
    );
    expect(pastInTokyo.json().message).toBe('Pick a time in the future');
    expect(await rowsOfContent(post.id)).toEqual([]);

    const thisMinute = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-03-01', '12:00', { contentID: post.id, platforms: [linkedin.id] }),
    );
    expect(thisMinute.statusCode).toBe(201);
    expect(thisMinute.json<TScheduleCreatedResponse>().data[0]?.PostedOn).toBe('2026-03-01T12:00:00.000Z');
  });

  it('refuses an unknown time zone, an impossible date and a missing account list with their messages', async () => {
    const post = await seedLinkedinPost(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const base = { contentID: post.id, platforms: [linkedin.id] };
    const cases: [unknown, string][] = [
      [at('2026-04-01', '10:00', { ...base, time_zone: 'Mars/Olympus_Mons' }), 'Unknown time zone'],
      [at('2026-04-01', '10:00', { ...base, time_zone: '+05:00' }), 'Unknown time zone'],
      [at('2026-02-30', '10:00', base), 'Enter a valid date and time'],
      [at('2026-04-01', '24:00', base), 'Enter a valid date and time'],
      [at('2026-04-01', '10:60', base), 'Enter a valid date and time'],
      [{ ...at('2026-04-01', '10:00', base), date: '01/04/2026' }, 'Enter a valid date and time'],
      [at('2026-04-01', '10:00', { ...base, platforms: [] }), 'Choose at least one account'],
      [at('2026-04-01', '10:00', { ...base, platforms: ['facebook'] }), 'Choose accounts from the list'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(owner, 'POST', '/schedule', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    expect(await rowsOfContent(post.id)).toEqual([]);
  });

  it('answers 404 for another user’s content or account, and writes nothing', async () => {
    const mine = await seedLinkedinPost(h, owner);
    const myLinkedin = await seedConnection(h, owner, 'linkedin');
    const theirs = await seedLinkedinPost(h, stranger);
    const theirLinkedin = await seedConnection(h, stranger, 'linkedin');

    const theirContent = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: theirs.id, platforms: [myLinkedin.id] }),
    );
    expect(theirContent.statusCode).toBe(404);
    expect(theirContent.json().message).toBe(SCHEDULE_MESSAGES.contentNotFound);
    const noContent = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: 987_654_321, platforms: [myLinkedin.id] }),
    );
    expect(noContent.statusCode).toBe(404);

    const theirAccount = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: mine.id, platforms: [myLinkedin.id, theirLinkedin.id] }),
    );
    expect(theirAccount.statusCode).toBe(404);
    expect(theirAccount.json().message).toBe(SCHEDULE_MESSAGES.targetNotFound);
    const noAccount = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: mine.id, platforms: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(noAccount.statusCode).toBe(404);
    expect(await rowsOfContent(mine.id)).toEqual([]);
    expect(await rowsOfContent(theirs.id)).toEqual([]);
  });

  it('refuses content that is not ready, or of a kind that cannot be published', async () => {
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const writing = await seedLinkedinPost(h, owner, { status: 'generating' });
    const notReady = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: writing.id, platforms: [linkedin.id] }),
    );
    expect(notReady.statusCode).toBe(400);
    expect(notReady.json().message).toBe('This content is not ready to publish yet');

    const failed = await seedLinkedinPost(h, owner, { status: 'failed' });
    expect(
      (
        await call(
          owner,
          'POST',
          '/schedule',
          at('2026-04-01', '10:00', { contentID: failed.id, platforms: [linkedin.id] }),
        )
      ).statusCode,
    ).toBe(400);

    const topic = await seedContentItem(h, owner.user.id, { kind: 'blog_topic', title: 'A topic' });
    const wrongKind = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: topic.id, platforms: [linkedin.id] }),
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe('This content cannot be published there');
  });

  it('refuses an account of a platform the content is not for, the social post’s own network included', async () => {
    const blog = await seedBlog(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const instagram = await seedConnection(h, owner, 'instagram');
    const wordpress = await seedConnection(h, owner, 'wordpress');
    const forFacebook = await seedSocialPost(h, owner, 'facebook');
    const linkedinPost = await seedLinkedinPost(h, owner);
    const cases: [number, string[]][] = [
      [blog.id, [linkedin.id]],
      [blog.id, [wordpress.id, linkedin.id]],
      [forFacebook.id, [instagram.id]],
      [forFacebook.id, [linkedin.id]],
      [linkedinPost.id, [wordpress.id]],
    ];
    for (const [contentID, platforms] of cases) {
      const answer = await call(
        owner,
        'POST',
        '/schedule',
        at('2026-04-01', '10:00', { contentID, platforms }),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'wrong_platform', message: SCHEDULE_MESSAGES.wrongPlatform });
    }
    expect(await rowsOfContent(blog.id)).toEqual([]);
  });

  it('refuses an account that must be reconnected first (409)', async () => {
    const post = await seedLinkedinPost(h, owner);
    const expired = await seedConnection(h, owner, 'linkedin', { status: 'reconnect' });
    const answer = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: post.id, platforms: [expired.id] }),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: 'reconnect', message: SCHEDULE_MESSAGES.reconnectFirst });
    expect(await rowsOfContent(post.id)).toEqual([]);
  });

  it('refuses the same content on the same account twice, and leaves the other accounts of a refused request unwritten', async () => {
    const social = await seedSocialPost(h, owner, 'instagram');
    const first = await seedConnection(h, owner, 'instagram');
    const second = await seedConnection(h, owner, 'instagram');
    const once = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-01', '10:00', { contentID: social.id, platforms: [first.id] }),
    );
    expect(once.statusCode).toBe(201);
    const jobsBefore = sent.length;

    const again = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-02', '10:00', { contentID: social.id, platforms: [first.id] }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'already_scheduled', message: SCHEDULE_MESSAGES.alreadyScheduled });

    // The new account comes first: its row is written, then rolled back when the second one is refused.
    const both = await call(
      owner,
      'POST',
      '/schedule',
      at('2026-04-02', '10:00', { contentID: social.id, platforms: [second.id, first.id] }),
    );
    expect(both.statusCode).toBe(409);
    const rows = await rowsOfContent(social.id);
    expect(rows.map((row) => row.connectionId)).toEqual([first.id]);
    expect(rows[0]?.scheduledFor.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(sent.length).toBe(jobsBefore);
  });

  it('lets one of two identical requests sent at once through (a double click), the other 409', async () => {
    const post = await seedLinkedinPost(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const body = at('2026-04-03', '10:00', { contentID: post.id, platforms: [linkedin.id] });
    const answers = await Promise.all([
      call(owner, 'POST', '/schedule', body),
      call(owner, 'POST', '/schedule', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await rowsOfContent(post.id)).toHaveLength(1);
  });

  it('needs a signed-in caller', async () => {
    const answer = await h.call('POST', '/api/schedule', {
      body: at('2026-04-01', '10:00', { contentID: 1, platforms: [] }),
    });
    expect(answer.statusCode).toBe(401);
  });
});
