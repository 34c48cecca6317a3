import {
  SCHEDULE_LIST_CAP,
  SCHEDULE_MESSAGES,
  type TScheduleDetailResponse,
  type TScheduleListResponse,
  type TScheduleTargetsResponse,
} from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open-database';
import { publishAttempts, scheduledPosts } from '../src/db/schema';
import { scheduleRowsQuery } from '../src/modules/schedule/list-schedule';
import {
  type ScheduleHarness,
  seedBlog,
  seedConnection,
  seedLinkedinPost,
  seedScheduledPost,
  seedSocialPost,
  startScheduleHarness,
} from './schedule-support';
import { type SeededUser, seedUser } from './support/factories';
import type { Harness } from './support/harness';
import { openTestDatabase } from './support/test-database';

const NOW = new Date('2026-03-01T12:00:30Z');
let h: Harness;
let call: ScheduleHarness['call'];
let stranger: SeededUser;

beforeAll(async () => {
  ({ h, call, stranger } = await startScheduleHarness(NOW));
});
afterAll(() => h.close());

const list = async (user: SeededUser, query = '') => {
  const answer = await call(user, 'GET', `/schedule${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TScheduleListResponse>();
};

describe('GET /api/schedule', () => {
  it('answers the spec’s { data: [ID, PostedOn, ContentType…] } for 3 months back to 12 ahead, earliest first, the caller’s only', async () => {
    const user = await seedUser(h);
    const post = await seedLinkedinPost(h, user);
    const linkedin = await seedConnection(h, user, 'linkedin', { name: 'Ada' });
    const make = (iso: string, extra = {}) =>
      seedScheduledPost(h, user, post, linkedin, { scheduledFor: new Date(iso), ...extra }).then(
        (row) => row.id,
      );
    // Each item needs its own content (one content per account), so the window test uses several posts.
    const posts = await Promise.all([1, 2, 3, 4].map(() => seedLinkedinPost(h, user)));
    const rowAt = (index: number, iso: string, extra = {}) =>
      seedScheduledPost(h, user, posts[index] ?? post, linkedin, {
        scheduledFor: new Date(iso),
        ...extra,
      }).then((row) => row.id);
    const tooOld = await rowAt(0, '2025-11-30T10:00:00Z');
    const oldest = await rowAt(1, '2025-12-02T10:00:00Z', {
      status: 'published',
      externalUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      publishedAt: new Date('2025-12-02T10:00:04Z'),
      attempts: 1,
    });
    const latest = await rowAt(2, '2027-02-28T10:00:00Z');
    const tooLate = await rowAt(3, '2027-03-02T10:00:00Z');
    const failed = await make('2026-02-20T08:00:00Z', {
      status: 'failed',
      failureKind: 'rejected',
      failureReason: 'LinkedIn refused the post: duplicate content',
      attempts: 1,
    });
    // Someone else's item in the same window never shows.
    const theirs = await seedLinkedinPost(h, stranger);
    const theirLinkedin = await seedConnection(h, stranger, 'linkedin');
    await seedScheduledPost(h, stranger, theirs, theirLinkedin, {
      scheduledFor: new Date('2026-03-10T10:00:00Z'),
    });

    const { data, truncated } = await list(user);
    expect(truncated).toBe(false);
    expect(data.map((item) => item.ID)).toEqual([oldest, failed, latest]);
    expect(data).not.toContainEqual(expect.objectContaining({ ID: tooOld }));
    expect(data).not.toContainEqual(expect.objectContaining({ ID: tooLate }));
    expect(data[0]).toMatchObject({
      PostedOn: '2025-12-02T10:00:00.000Z',
      ContentType: ['LinkedIn Post', 'Linkedin'],
      status: 'published',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      published_at: '2025-12-02T10:00:04.000Z',
      target_name: 'Ada',
    });
    expect(data[1]).toMatchObject({
      status: 'failed',
      failure_reason: 'LinkedIn refused the post: duplicate content',
      attempts: 1,
    });
  });

  it('answers the items whose instant is in [from, to), and only one content’s items with content_id (at any date)', async () => {
    const user = await seedUser(h);
    const blog = await seedBlog(h, user);
    const social = await seedSocialPost(h, user, 'facebook');
    const wordpress = await seedConnection(h, user, 'wordpress');
    const page = await seedConnection(h, user, 'facebook');
    const page2 = await seedConnection(h, user, 'facebook');
    const blogItem = await seedScheduledPost(h, user, blog, wordpress, {
      scheduledFor: new Date('2026-04-01T00:00:00Z'),
    });
    const socialItem = await seedScheduledPost(h, user, social, page, {
      scheduledFor: new Date('2026-04-30T23:59:00Z'),
    });
    const farSocial = await seedScheduledPost(h, user, social, page2, {
      scheduledFor: new Date('2029-01-01T09:00:00Z'),
    });

    const april = await list(user, '?from=2026-04-01T00:00:00Z&to=2026-05-01T00:00:00Z');
    expect(april.data.map((item) => item.ID)).toEqual([blogItem.id, socialItem.id]);
    // `to` is excluded, `from` included, and offsets are read as instants.
    const end = await list(
      user,
      `?from=${encodeURIComponent('2026-04-01T02:00:00+02:00')}&to=2026-04-30T23:59:00Z`,
    );
    expect(end.data.map((item) => item.ID)).toEqual([blogItem.id]);

    const ofSocial = await list(user, `?content_id=${social.id}`);
    expect(ofSocial.data.map((item) => item.ID)).toEqual([socialItem.id, farSocial.id]);
    expect(ofSocial.data[0]).toMatchObject({
      ContentType: ['Social Post', 'Facebook'],
      content_id: social.id,
    });
    const ofSocialInApril = await list(
      user,
      `?content_id=${social.id}&from=2026-04-01T00:00:00Z&to=2026-05-01T00:00:00Z`,
    );
    expect(ofSocialInApril.data.map((item) => item.ID)).toEqual([socialItem.id]);
    // Another user's content id shows nothing of theirs.
    expect((await list(stranger, `?content_id=${social.id}`)).data).toEqual([]);
  });

  it('refuses a range that ends before it starts, and dates that are not ISO instants', async () => {
    const user = await seedUser(h);
    for (const query of [
      '?from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z',
      '?from=2026-05-01T00:00:00Z&to=2026-05-01T00:00:00Z',
      '?from=yesterday',
      '?to=2026-13-01T00:00:00Z',
      '?content_id=abc',
    ]) {
      const answer = await call(user, 'GET', `/schedule${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error).toBe('validation_error');
    }
    const backwards = await call(user, 'GET', '/schedule?from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z');
    expect(backwards.json().message).toBe(SCHEDULE_MESSAGES.badRange);
  });

  it(`answers at most ${SCHEDULE_LIST_CAP} items and says the range held more`, async () => {
    const user = await seedUser(h);
    const linkedin = await seedConnection(h, user, 'linkedin');
    const post = await seedLinkedinPost(h, user);
    const base = new Date('2026-06-01T00:00:00Z').getTime();
    // One content per account: the rows go to a single account with distinct content ids would need 2,001
    // posts, so they are written with no account (as after an unlink), which the unique index allows.
    await h.deps.db.insert(scheduledPosts).values(
      Array.from({ length: SCHEDULE_LIST_CAP + 1 }, (_, index) => ({
        userId: user.user.id,
        contentItemId: post.id,
        connectionId: null,
        platform: linkedin.platform,
        targetName: linkedin.name,
        scheduledFor: new Date(base + index * 60_000),
        status: 'published' as const,
      })),
    );
    const { data, truncated } = await list(user);
    expect(data).toHaveLength(SCHEDULE_LIST_CAP);
    expect(truncated).toBe(true);
    expect(data[0]?.PostedOn).toBe('2026-06-01T00:00:00.000Z');
    expect(data[0]?.connection_id).toBeNull();
  });
});

describe('the calendar’s range', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(process.env.DATABASE_URL);
    // Without rows the planner would scan the table: what matters is whether the index gives the order.
    await database.executeSql('set enable_seqscan = off');
  });
  afterAll(() => database.close());

  it('is read off the (user_id, scheduled_for) index in its order, so the cap stops the read (no sort)', async () => {
    const statement = scheduleRowsQuery(h.deps.db, '00000000-0000-0000-0000-000000000000', {}, NOW).toSQL();
    const answer = await database.executeSql(`explain ${statement.sql}`, statement.params);
    const plan = (answer.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toMatch(/scheduled_posts_user_time_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('GET /api/schedule/targets', () => {
  it('lists the caller’s connected accounts (and the ones to reconnect) without any token', async () => {
    const user = await seedUser(h);
    const page = await seedConnection(h, user, 'facebook', { name: 'Roastery' });
    const expired = await seedConnection(h, user, 'linkedin', { name: 'Ada', status: 'reconnect' });
    const site = await seedConnection(h, user, 'wordpress', { name: 'coffee.example' });
    await seedConnection(h, stranger, 'instagram');

    const answer = await call(user, 'GET', '/schedule/targets');
    expect(answer.statusCode).toBe(200);
    expect(answer.json<TScheduleTargetsResponse>()).toEqual({
      data: [
        {
          id: page.id,
          platform: 'facebook',
          name: 'Roastery',
          picture: page.pictureUrl,
          status: 'connected',
        },
        {
          id: expired.id,
          platform: 'linkedin',
          name: 'Ada',
          picture: expired.pictureUrl,
          status: 'reconnect',
        },
        { id: site.id, platform: 'wordpress', name: 'coffee.example', picture: null, status: 'connected' },
      ],
    });
    expect(answer.body).not.toContain('token');
  });

  it('answers an empty list to a user with no account', async () => {
    const user = await seedUser(h);
    expect((await call(user, 'GET', '/schedule/targets')).json()).toEqual({ data: [] });
  });
});

describe('GET /api/schedule/:id', () => {
  it('opens an item with its text, whether a picture goes with it and every attempt in order', async () => {
    const user = await seedUser(h);
    const social = await seedSocialPost(h, user, 'instagram');
    const instagram = await seedConnection(h, user, 'instagram', { name: 'roastery.ig' });
    const item = await seedScheduledPost(h, user, social, instagram, {
      scheduledFor: new Date('2026-02-28T09:00:00Z'),
      status: 'failed',
      failureKind: 'rejected',
      failureReason: 'Instagram refused the picture',
      attempts: 2,
    });
    await h.deps.db.insert(publishAttempts).values([
      {
        scheduledPostId: item.id,
        userId: user.user.id,
        number: 2,
        action: 'publish',
        startedAt: new Date('2026-02-28T09:05:00Z'),
        finishedAt: new Date('2026-02-28T09:05:02Z'),
        outcome: 'failed',
        errorKind: 'rejected',
        message: 'Instagram refused the picture',
      },
      {
        scheduledPostId: item.id,
        userId: user.user.id,
        number: 1,
        action: 'publish',
        startedAt: new Date('2026-02-28T09:00:01Z'),
        finishedAt: new Date('2026-02-28T09:00:31Z'),
        outcome: 'unknown',
        errorKind: 'unknown_outcome',
        message: 'No answer within 30 s',
      },
    ]);

    const answer = await call(user, 'GET', `/schedule/${item.id}`);
    expect(answer.statusCode).toBe(200);
    const detail = answer.json<TScheduleDetailResponse>();
    expect(detail.data).toMatchObject({
      ID: item.id,
      ContentType: ['Social Post', 'Instagram'],
      body: 'Fresh coffee, every week. #coffee',
      picture: true,
      status: 'failed',
      failure_reason: 'Instagram refused the picture',
    });
    expect(detail.attempts).toEqual([
      {
        number: 1,
        action: 'publish',
        started_at: '2026-02-28T09:00:01.000Z',
        finished_at: '2026-02-28T09:00:31.000Z',
        outcome: 'unknown',
        error_kind: 'unknown_outcome',
        message: 'No answer within 30 s',
      },
      {
        number: 2,
        action: 'publish',
        started_at: '2026-02-28T09:05:00.000Z',
        finished_at: '2026-02-28T09:05:02.000Z',
        outcome: 'failed',
        error_kind: 'rejected',
        message: 'Instagram refused the picture',
      },
    ]);
  });

  it('gives a blog’s text without its HTML, and no picture for posts without one', async () => {
    const user = await seedUser(h);
    const blog = await seedBlog(h, user);
    const wordpress = await seedConnection(h, user, 'wordpress');
    const blogItem = await seedScheduledPost(h, user, blog, wordpress, {
      scheduledFor: new Date('2026-03-10T09:00:00Z'),
    });
    const blogDetail = (await call(user, 'GET', `/schedule/${blogItem.id}`)).json<TScheduleDetailResponse>();
    expect(blogDetail.data.body).not.toMatch(/<[a-z]/);
    expect(blogDetail.data.body).toContain('Fresh beans & clean water.');
    expect(blogDetail.data.picture).toBe(false);
    expect(blogDetail.attempts).toEqual([]);

    const bare = await seedSocialPost(h, user, 'facebook', { picture: false });
    const page = await seedConnection(h, user, 'facebook');
    const bareItem = await seedScheduledPost(h, user, bare, page, {
      scheduledFor: new Date('2026-03-10T09:00:00Z'),
    });
    expect(
      (await call(user, 'GET', `/schedule/${bareItem.id}`)).json<TScheduleDetailResponse>().data.picture,
    ).toBe(false);
  });

  it('answers 404 for another user’s item and for an id that does not exist', async () => {
    const user = await seedUser(h);
    const theirs = await seedLinkedinPost(h, stranger);
    const theirLinkedin = await seedConnection(h, stranger, 'linkedin');
    const item = await seedScheduledPost(h, stranger, theirs, theirLinkedin, {
      scheduledFor: new Date('2026-03-10T09:00:00Z'),
    });
    const answer = await call(user, 'GET', `/schedule/${item.id}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'not_found', message: SCHEDULE_MESSAGES.notFound });
    expect((await call(user, 'GET', '/schedule/99999999')).statusCode).toBe(404);
    expect((await call(user, 'GET', '/schedule/abc')).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes the calendar, notices and public picture calls with their answers', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    expect(paths['/api/schedule']?.get).toBeDefined();
    expect(Object.keys(paths['/api/schedule']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '404', '409']),
    );
    expect(paths['/api/schedule/targets']?.get).toBeDefined();
    for (const method of ['get', 'patch', 'delete'])
      expect(paths['/api/schedule/{id}']?.[method]).toBeDefined();
    expect(paths['/api/schedule/{id}/retry']?.post).toBeDefined();
    expect(paths['/api/notices']?.get).toBeDefined();
    expect(paths['/api/notices/read']?.post).toBeDefined();
    expect(paths['/api/public-files']?.get).toBeDefined();
  });
});
