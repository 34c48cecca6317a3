import { PREMIUM_POPUP_TEXTS } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions, users } from '../src/db/schema';
import { AppError } from '../src/http/errors';
import { planAllowanceOf } from '../src/modules/plan-limits/plan-allowance';
import { givePlanUnitsBack, takePlanUnits } from '../src/modules/plan-limits/take-plan-units';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());

const NOV = new Date('2026-11-23T10:00:00Z');
const DEC = new Date('2026-12-01T00:00:01Z');

const basicUser = async (): Promise<SeededUser> => {
  const seeded = await seedUser(h);
  await h.deps.db.update(users).set({ subscriptionType: 'Basic' }).where(eq(users.id, seeded.user.id));
  return seeded;
};

/** One unit taken in its own transaction, as a generation takes it. */
const take = (userId: string, metric: 'blogs' | 'blog_topics' | 'google_ads', now = NOV, units = 1) =>
  h.deps.db.transaction((tx) => takePlanUnits(tx, { userId, metric, now, units }));

const refusalOf = async (promise: Promise<unknown>): Promise<AppError> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('plan limits', () => {
  it('Basic may write one blog post a month; the second is refused with the premium pop-up texts', async () => {
    const { user } = await basicUser();
    await expect(take(user.id, 'blogs')).resolves.toEqual({ period: '2026-11-01' });
    const refusal = await refusalOf(take(user.id, 'blogs'));
    expect(refusal.status).toBe(402);
    expect(refusal.code).toBe('plan_limit_reached');
    expect(refusal.message).toBe(PREMIUM_POPUP_TEXTS.Basic.message);
    // Which limit, what the month used of it and when it starts again: the pop-up shows all three.
    expect(refusal.extra).toEqual({
      title: 'Buy Premium',
      metric: 'blogs',
      limit: 1,
      used: 1,
      resets_on: '2026-12-01',
    });
  });

  it('a new month starts from zero', async () => {
    const { user } = await basicUser();
    await take(user.id, 'blogs');
    await expect(take(user.id, 'blogs', DEC)).resolves.toEqual({ period: '2026-12-01' });
  });

  it('Premium reaches its limit with its own words; Basic has no Google Ads at all', async () => {
    const { user } = await seedUser(h);
    await take(user.id, 'blog_topics', NOV, 20);
    const refusal = await refusalOf(take(user.id, 'blog_topics', NOV, 5));
    expect(refusal.message).toBe(PREMIUM_POPUP_TEXTS.Premium.message);
    expect(refusal.extra).toMatchObject({ title: 'Limit Exhausted', limit: 24, used: 20 });
    await expect(take(user.id, 'blog_topics', NOV, 4)).resolves.toBeDefined();

    const basic = await basicUser();
    expect((await refusalOf(take(basic.user.id, 'google_ads'))).extra).toMatchObject({
      limit: 0,
      used: 0,
    });
  });

  it('of requests racing for the last unit exactly one passes', async () => {
    const { user } = await seedUser(h);
    await take(user.id, 'blogs', NOV, 7);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => take(user.id, 'blogs')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  });

  it('a unit taken in a transaction that rolls back, or given back, is not spent', async () => {
    const seeded = await basicUser();
    const userId = seeded.user.id;
    await expect(
      h.deps.db.transaction(async (tx) => {
        await takePlanUnits(tx, { userId, metric: 'blogs', now: new Date() });
        throw new Error('the generation failed before it was saved');
      }),
    ).rejects.toThrow('failed before');
    const { period } = await take(userId, 'blogs', new Date());
    await h.deps.db.transaction((tx) => givePlanUnitsBack(tx, { userId, metric: 'blogs', period }));
    await expect(take(userId, 'blogs', new Date())).resolves.toEqual({ period });
  });
});

describe('limits are the plans as data', () => {
  it("an admin's edit of a tier's limits counts from the next request, for takes and for plan_usage", async () => {
    const seeded = await basicUser();
    const [basic] = await h.deps.db.select().from(plans).where(eq(plans.tier, 'Basic'));
    if (!basic) throw new Error('no Basic plan');
    await take(seeded.user.id, 'blogs', new Date());
    expect((await refusalOf(take(seeded.user.id, 'blogs', new Date()))).extra).toMatchObject({ limit: 1 });
    try {
      await h.deps.db
        .update(plans)
        .set({ limits: { ...basic.limits, blogs_limit: 2 } })
        .where(eq(plans.id, basic.id));
      await expect(take(seeded.user.id, 'blogs', new Date())).resolves.toBeDefined();
      const usage = (await h.call('GET', '/api/plan_usage', { token: seeded.accessToken })).json();
      expect(usage.totalData.blogs_limit).toBe(2);
      expect(usage.currentData.blogs_limit).toBe(2);
      expect(usage.counted_per).toBe('calendar_month');
    } finally {
      await h.deps.db.update(plans).set({ limits: basic.limits }).where(eq(plans.id, basic.id));
    }
  });
});

describe('periods of a paying account', () => {
  const subscribe = async (userId: string, interval: 'month' | 'year', start: string, end: string) => {
    await h.deps.db.insert(subscriptions).values({
      userId,
      planId: 'premium',
      interval,
      stripeSubscriptionId: `sub_${userId.slice(0, 8)}_${interval}`,
      stripeCustomerId: `cus_${userId.slice(0, 8)}`,
      status: 'active',
      currentPeriodStart: new Date(start),
      currentPeriodEnd: new Date(end),
      stripeUpdatedAt: new Date(start),
    });
  };
  const periodAt = async (userId: string, now: string) => {
    const { period, resetsOn, bySubscription } = await planAllowanceOf(h.deps.db, userId, new Date(now));
    return { period, resetsOn, bySubscription };
  };

  it('monthly: the billing period, and on by the month from its anchor when the renewal is late', async () => {
    const { user } = await seedUser(h);
    await subscribe(user.id, 'month', '2026-10-15T09:00:00Z', '2026-11-15T09:00:00Z');
    expect(await periodAt(user.id, '2026-10-20T00:00:00Z')).toEqual({
      period: '2026-10-15',
      resetsOn: '2026-11-15',
      bySubscription: true,
    });
    expect(await periodAt(user.id, '2026-11-20T00:00:00Z')).toMatchObject({
      period: '2026-11-15',
      resetsOn: '2026-12-15',
    });
    // A refusal names the billing period's end as the day the count starts again, not the calendar month's.
    const at = new Date('2026-10-20T00:00:00Z');
    await take(user.id, 'blogs', at, 8);
    expect((await refusalOf(take(user.id, 'blogs', at))).extra).toMatchObject({
      title: 'Limit Exhausted',
      metric: 'blogs',
      limit: 8,
      used: 8,
      resets_on: '2026-11-15',
    });
  });

  it('annual: by the month from the period start, a 31st kept after February', async () => {
    const { user } = await seedUser(h);
    await subscribe(user.id, 'year', '2026-01-31T12:00:00Z', '2027-01-31T12:00:00Z');
    expect(await periodAt(user.id, '2026-02-10T00:00:00Z')).toMatchObject({
      period: '2026-01-31',
      resetsOn: '2026-02-28',
    });
    expect(await periodAt(user.id, '2026-03-05T00:00:00Z')).toMatchObject({
      period: '2026-02-28',
      resetsOn: '2026-03-31',
    });
    expect(await periodAt(user.id, '2026-12-31T13:00:00Z')).toMatchObject({
      period: '2026-12-31',
      resetsOn: '2027-01-31',
    });
  });
});

describe('GET /api/plan_usage', () => {
  it("answers the caller's own use this month and the tier's totals", async () => {
    const seeded = await basicUser();
    const other = await basicUser();
    await take(seeded.user.id, 'blog_topics', new Date(), 2);
    await take(other.user.id, 'blogs', new Date());
    const response = await h.call('GET', '/api/plan_usage', { token: seeded.accessToken });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      subscription_type: 'Basic',
      period: new Date().toISOString().slice(0, 7),
      totalData: { blogs_limit: 1, blogs_topic_limit: 3, google_ads_limit: 0, social_media_posts_limit: 2 },
      currentData: { blogs_limit: 0, blogs_topic_limit: 2, google_ads_limit: 0, social_media_posts_limit: 0 },
    });
    expect(body.resets_on).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('needs a signed-in caller', async () => {
    expect((await h.call('GET', '/api/plan_usage')).statusCode).toBe(401);
  });
});
