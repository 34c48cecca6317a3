import type {
  TScheduleCreatedResponse,
  TScheduleDetailResponse,
  TScheduleItem,
  TScheduleListResponse,
} from '@sales-assist/contract';
import { SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, seedBlog, seedLinkedinPost } from './schedule-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectionOf, connectLinkedIn, connectWordpress } from './support/platform-accounts';

// The whole way: the API queues the publish job, the worker publishes to the platform sandbox.
let h: Harness;
let call: ReturnType<typeof callAs>;
let user: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  call = callAs(h);
  user = await seedUser(h);
  await connectLinkedIn(h, user);
  await connectWordpress(h, user);
});
afterAll(() => h.close());

/** The form's fields for the current minute in UTC (after waiting out a minute about to end). */
const thisMinute = async () => {
  if (new Date().getUTCSeconds() >= 57) await new Promise((resolve) => setTimeout(resolve, 4_000));
  const now = new Date();
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    date: now.toISOString().slice(0, 10),
    hours: two(now.getUTCHours()),
    minutes: two(now.getUTCMinutes()),
    time_zone: 'UTC',
  };
};

const itemOf = async (contentId: number): Promise<TScheduleItem | undefined> =>
  (await call(user, 'GET', `/schedule?content_id=${contentId}`)).json<TScheduleListResponse>().data[0];

/** Polls the calendar until the worker has settled the content's item (30 s at most). */
const published = async (contentId: number): Promise<TScheduleItem> => {
  const deadline = Date.now() + 30_000;
  let item: TScheduleItem | undefined;
  while (Date.now() < deadline) {
    item = await itemOf(contentId);
    if (item?.status === 'published' || item?.status === 'failed') return item;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`content ${contentId} not settled; last seen: ${JSON.stringify(item)}`);
};

describe('scheduled through the API, published by the worker', () => {
  it('publishes a LinkedIn post scheduled for the current minute, with its URL and one attempt in the log', async () => {
    const post = await seedLinkedinPost(h, user);
    const linkedin = await connectionOf(h, user, 'linkedin');
    const answer = await call(user, 'POST', '/schedule', {
      contentID: post.id,
      platforms: [linkedin.id],
      ...(await thisMinute()),
    });
    expect(answer.statusCode).toBe(201);
    const id = answer.json<TScheduleCreatedResponse>().data[0]?.ID;

    const item = await published(post.id);
    expect(item).toMatchObject({ ID: id, status: 'published', failure_reason: null });
    expect(item.url).toMatch(/^https?:\/\//);
    const detail = (await call(user, 'GET', `/schedule/${id}`)).json<TScheduleDetailResponse>();
    expect(detail.attempts).toEqual([
      expect.objectContaining({ number: 1, action: 'publish', outcome: 'published' }),
    ]);

    // Published is history: it cannot be moved, removed or retried.
    const moved = await call(user, 'PATCH', `/schedule/${id}`, { PostedOn: '2099-01-01T00:00:00Z' });
    expect([moved.statusCode, moved.json().message]).toEqual([409, SCHEDULE_MESSAGES.alreadyPublished]);
    expect((await call(user, 'DELETE', `/schedule/${id}`)).statusCode).toBe(409);
    expect((await call(user, 'POST', `/schedule/${id}/retry`)).statusCode).toBe(409);
  });

  it('publishes a blog post moved on the calendar from next week to now, and only once', async () => {
    const blog = await seedBlog(h, user);
    const site = await connectionOf(h, user, 'wordpress');
    const later = new Date(Date.now() + 7 * 86_400_000);
    const answer = await call(user, 'POST', '/schedule', {
      contentID: blog.id,
      platforms: [site.id],
      date: later.toISOString().slice(0, 10),
      hours: '10',
      minutes: '00',
      time_zone: 'Europe/Paris',
    });
    expect(answer.statusCode).toBe(201);
    const id = answer.json<TScheduleCreatedResponse>().data[0]?.ID;
    expect((await itemOf(blog.id))?.status).toBe('scheduled');

    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    const moved = await call(user, 'PATCH', `/schedule/${id}`, { PostedOn: now });
    expect(moved.statusCode).toBe(200);
    const item = await published(blog.id);
    expect(item).toMatchObject({ status: 'published', PostedOn: now, attempts: 1 });
    expect(item.url).toMatch(/^https?:\/\//);
  });
});
