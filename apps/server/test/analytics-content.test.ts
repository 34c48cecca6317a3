import type { TContentAnalyticsResponse } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScheduledPostState, scheduledPosts } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

// Tuesday 10 March 2026, 12:00 UTC.
const clock = fixedClock(new Date('2026-03-10T12:00:00Z'));
const URL = '/api/analytics/content';
let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;

type Platform = 'linkedin' | 'facebook' | 'instagram' | 'wordpress';

const post = async (platform: Platform, status: ScheduledPostState, at: string, user = owner) => {
  const item = await seedContentItem(h, user.user.id, { kind: 'social_post', title: `${platform} ${at}` });
  await h.deps.db.insert(scheduledPosts).values({
    userId: user.user.id,
    contentItemId: item.id,
    platform,
    targetName: `${platform} account`,
    scheduledFor: new Date(at),
    status,
  });
};

const figures = async (query: string, user = owner): Promise<TContentAnalyticsResponse> => {
  const res = await h.call('GET', `${URL}${query}`, { token: user.accessToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TContentAnalyticsResponse>();
};

beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  await post('linkedin', 'published', '2026-03-02T09:00:00Z');
  await post('linkedin', 'published', '2026-03-04T09:00:00Z');
  await post('linkedin', 'failed', '2026-03-09T09:00:00Z');
  await post('facebook', 'held', '2026-03-03T09:00:00Z');
  await post('instagram', 'scheduled', '2026-03-12T09:00:00Z');
  // Sunday 8 March, 23:30 UTC: still that week in UTC, Monday 9 March (the next week) in Paris.
  await post('wordpress', 'published', '2026-03-08T23:30:00Z');
  await post('linkedin', 'published', '2026-03-03T09:00:00Z', stranger);
});
afterAll(() => h.close());

describe('GET /api/analytics/content', () => {
  it('counts posts per network and per week, published, failed, held and still to go out', async () => {
    const body = await figures('?zone=UTC&from=2026-03-02&to=2026-03-15');
    expect(body.totals).toEqual({ published: 3, failed: 1, held: 1, waiting: 1 });
    expect(body.by_network).toEqual([
      { network: 'linkedin', published: 2, failed: 1, held: 0, waiting: 0 },
      { network: 'facebook', published: 0, failed: 0, held: 1, waiting: 0 },
      { network: 'instagram', published: 0, failed: 0, held: 0, waiting: 1 },
      { network: 'wordpress', published: 1, failed: 0, held: 0, waiting: 0 },
    ]);
    expect(body.by_week.map((week) => week.week)).toEqual(['2026-03-02', '2026-03-09']);
    const first = new Map(body.by_week[0]?.networks.map((n) => [n.network, n]));
    expect(first.get('linkedin')).toMatchObject({ published: 2, failed: 0 });
    expect(first.get('wordpress')).toMatchObject({ published: 1 });
  });

  it("weeks are the user's: a post late on Sunday in UTC is Monday's in Paris", async () => {
    const body = await figures('?zone=Europe/Paris&from=2026-03-02&to=2026-03-15');
    const second = new Map(body.by_week[1]?.networks.map((n) => [n.network, n]));
    expect(second.get('wordpress')).toMatchObject({ published: 1 });
  });

  it('answers zeros to a user with nothing scheduled, and refuses bad input with 400', async () => {
    const other = await seedUser(h);
    const body = await figures('?zone=UTC', other);
    expect(body.totals).toEqual({ published: 0, failed: 0, held: 0, waiting: 0 });
    expect(body.by_network.map((n) => n.network)).toEqual(['linkedin', 'facebook', 'instagram', 'wordpress']);
    expect(body.by_week.length).toBeGreaterThanOrEqual(5);
    for (const query of ['?zone=Nowhere/Land', '?from=2026-03-10&to=2026-03-01', '?to=03/10/2026']) {
      const res = await h.call('GET', `${URL}${query}`, { token: owner.accessToken });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
