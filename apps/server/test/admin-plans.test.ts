import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPacks, plans, subscriptions } from '../src/db/schema';
import { reloadUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let adminToken: string;
beforeAll(async () => {
  h = await startHarness();
  adminToken = (await seedUser(h, { admin: true })).accessToken;
});
afterAll(() => h.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type PlanBody = {
  name: string;
  description: string;
  limits: Record<string, number>;
  monthly_price_cents: number;
  annual_price_cents: number;
  monthly_credits: number;
  active: boolean;
};

/** The plan as stored, in the editor's shape, to change one field at a time. */
const planBody = async (id: string): Promise<PlanBody> => {
  const answer = await h.call('GET', '/api/admin/plans', { token: adminToken });
  const plan = (answer.json().plans as (PlanBody & { id: string })[]).find((row) => row.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  const { name, description, limits, monthly_price_cents, annual_price_cents, monthly_credits, active } =
    plan;
  return { name, description, limits, monthly_price_cents, annual_price_cents, monthly_credits, active };
};

const putPlan = (id: string, body: unknown, token = adminToken) =>
  h.call('PUT', `/api/admin/plans/${id}`, { token, body });

describe('admin: plans and credit packs', () => {
  it('answers 403 to users on every plan, pack and plan-change call', async () => {
    const user = await seedUser(h);
    const token = user.accessToken;
    const calls = [
      await h.call('GET', '/api/admin/plans', { token }),
      await putPlan('premium', await planBody('premium'), token),
      await h.call('GET', '/api/admin/credit-packs', { token }),
      await h.call('POST', '/api/admin/credit-packs', {
        token,
        body: { name: 'x', credits: 1, price_cents: 100 },
      }),
      await h.call('PUT', '/api/admin/credit-packs/credits-500', {
        token,
        body: { name: 'x', credits: 1, price_cents: 100, active: true },
      }),
      await h.call('PUT', `/api/admin/users/${user.user.id}/plan`, {
        token,
        body: { subscription_type: 'Premium' },
      }),
    ];
    for (const answer of calls) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toBe('forbidden');
    }
    expect((await reloadUser(h, user.user.id)).subscriptionType).toBe('Premium');
    const [premium] = await h.deps.db.select().from(plans).where(eq(plans.id, 'premium'));
    expect(premium?.name).toBe('Premium');
  });

  it('lists every plan, inactive ones too, with the free plan marked', async () => {
    await h.deps.db.update(plans).set({ active: false }).where(eq(plans.id, 'premium'));
    const answer = await h.call('GET', '/api/admin/plans', { token: adminToken });
    await h.deps.db.update(plans).set({ active: true }).where(eq(plans.id, 'premium'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().plans).toMatchObject([
      { id: 'basic', tier: 'Basic', free: true, monthly_price_cents: 0, annual_price_cents: 0, active: true },
      {
        id: 'premium',
        tier: 'Premium',
        free: false,
        monthly_price_cents: 4900,
        annual_price_cents: 47000,
        monthly_credits: 500,
        active: false,
        limits: { blogs_limit: 8, blogs_topic_limit: 24, google_ads_limit: 6, social_media_posts_limit: 12 },
      },
    ]);
  });

  it('refuses bad plan edits with a clear 400 and changes nothing', async () => {
    const premium = await planBody('premium');
    const basic = await planBody('basic');
    const cases: [string, unknown, string][] = [
      ['premium', { ...premium, monthly_price_cents: -1 }, 'Monthly price cannot be negative'],
      ['premium', { ...premium, annual_price_cents: 12.5 }, 'Annual price must be whole cents'],
      ['premium', { ...premium, monthly_price_cents: 10 }, 'A price is at least $0.50'],
      ['premium', { ...premium, name: '   ' }, 'Name is required'],
      ['premium', { ...premium, monthly_credits: -5 }, 'Credits per month cannot be negative'],
      [
        'premium',
        { ...premium, limits: { ...premium.limits, blogs_limit: -1 } },
        'blogs_limit must be at least 0',
      ],
      ['premium', { ...premium, limits: { blogs_limit: 3 } }, 'is required'],
      ['basic', { ...basic, monthly_price_cents: 900 }, "The free plan's prices stay $0"],
      ['basic', { ...basic, monthly_credits: 100 }, 'gives no monthly credits'],
      ['basic', { ...basic, active: false }, 'The free plan cannot be deactivated'],
    ];
    for (const [id, body, message] of cases) {
      const answer = await putPlan(id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error).toBe('validation_error');
      expect(answer.json().message).toContain(message);
    }
    expect(await planBody('premium')).toEqual(premium);
    expect(await planBody('basic')).toEqual(basic);
    const unknown = await putPlan('gold', premium);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Plan not found');
  });

  it('a plan edit applies at once to the limit checks and to Pricing', async () => {
    const user = await seedUser(h, { tier: 'Premium' });
    const premium = await planBody('premium');
    const edited = await putPlan('premium', {
      ...premium,
      name: 'Premium Plus',
      limits: { ...premium.limits, blogs_limit: 11 },
      monthly_price_cents: 5900,
      monthly_credits: 700,
    });
    try {
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        id: 'premium',
        name: 'Premium Plus',
        monthly_price_cents: 5900,
        monthly_credits: 700,
        limits: { blogs_limit: 11 },
      });
      const usage = await h.call('GET', '/api/plan_usage', { token: user.accessToken });
      expect(usage.json().totalData.blogs_limit).toBe(11);
      const pricing = await h.call('GET', '/api/pricing', { token: user.accessToken });
      expect(pricing.statusCode).toBe(200);
      const monthly = (pricing.json().monthlyPlans as { id: string }[]).find((plan) => plan.id === 'premium');
      expect(monthly).toMatchObject({
        name: 'Premium Plus',
        price_cents: 5900,
        credits: 700,
        limits: { blogs_limit: 11 },
      });
      // The next checkout charges the new price.
      const buyer = await seedUser(h, { tier: 'Basic' });
      const opened = await h.call('POST', '/api/checkout', {
        token: buyer.accessToken,
        body: { kind: 'plan', plan_id: 'premium', interval: 'month' },
      });
      expect(opened.statusCode).toBe(200);
      const checkout = await h.call('GET', `/api/checkout/${opened.json().id}`, { token: buyer.accessToken });
      expect(checkout.json()).toMatchObject({ amount_cents: 5900 });
    } finally {
      expect((await putPlan('premium', premium)).statusCode).toBe(200);
    }
  });

  it('a deactivated plan is no longer sold, and the accounts on it keep its limits', async () => {
    const user = await seedUser(h, { tier: 'Premium' });
    const premium = await planBody('premium');
    expect((await putPlan('premium', { ...premium, active: false })).statusCode).toBe(200);
    try {
      const pricing = await h.call('GET', '/api/pricing', { token: user.accessToken });
      expect((pricing.json().monthlyPlans as { id: string }[]).map((plan) => plan.id)).not.toContain(
        'premium',
      );
      const usage = await h.call('GET', '/api/plan_usage', { token: user.accessToken });
      expect(usage.json()).toMatchObject({ subscription_type: 'Premium', totalData: premium.limits });
    } finally {
      expect((await putPlan('premium', premium)).statusCode).toBe(200);
    }
  });

  it('adds, edits and deactivates credit packs (never deletes them)', async () => {
    const before = await h.call('GET', '/api/admin/credit-packs', { token: adminToken });
    expect(before.statusCode).toBe(200);
    expect((before.json().packs as { id: string }[]).map((pack) => pack.id)).toEqual([
      'credits-500',
      'credits-1500',
      'credits-5000',
    ]);

    const created = await h.call('POST', '/api/admin/credit-packs', {
      token: adminToken,
      body: { name: '  Starter  ', credits: 200, price_cents: 1500 },
    });
    expect(created.statusCode).toBe(200);
    const pack = created.json();
    expect(pack).toMatchObject({
      name: 'Starter',
      credits: 200,
      price_cents: 1500,
      currency: 'usd',
      active: true,
    });

    const deactivated = await h.call('PUT', `/api/admin/credit-packs/${pack.id}`, {
      token: adminToken,
      body: { name: 'Starter', credits: 250, price_cents: 1500, active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({ id: pack.id, credits: 250, active: false });

    const after = await h.call('GET', '/api/admin/credit-packs', { token: adminToken });
    const listed = after.json().packs as { id: string; active: boolean }[];
    // Last on the list, still there while inactive.
    expect(listed.at(-1)).toMatchObject({ id: pack.id, active: false });
    const [row] = await h.deps.db.select().from(creditPacks).where(eq(creditPacks.id, pack.id));
    expect(row?.active).toBe(false);
    // Pricing sells active packs only.
    const buyer = await seedUser(h);
    const pricing = await h.call('GET', '/api/pricing', { token: buyer.accessToken });
    const sold = (pricing.json().creditPacks as { id: string }[]).map((sale) => sale.id);
    expect(sold).toEqual(['credits-500', 'credits-1500', 'credits-5000']);
  });

  it('refuses bad packs with a clear 400, and 404 for an unknown pack', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'Zero', credits: 0, price_cents: 500 }, 'Credits must be more than 0'],
      [{ name: 'Half', credits: 1.5, price_cents: 500 }, 'Credits must be a whole number'],
      [{ name: 'Free', credits: 10, price_cents: 0 }, 'A price is at least $0.50'],
      [{ name: 'Cheap', credits: 10, price_cents: 49 }, 'A price is at least $0.50'],
      [{ name: '', credits: 10, price_cents: 500 }, 'Name is required'],
      [{ name: 'Text', credits: '10', price_cents: 500 }, 'Credits must be a number'],
    ];
    for (const [body, message] of cases) {
      const answer = await h.call('POST', '/api/admin/credit-packs', { token: adminToken, body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    const unknown = await h.call('PUT', '/api/admin/credit-packs/credits-9', {
      token: adminToken,
      body: { name: 'x', credits: 1, price_cents: 100, active: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Credit pack not found');
  });
});

describe("admin: an account's plan", () => {
  it('a plan change shows at once in /api/me, /api/plan_usage and the users table', async () => {
    const user = await seedUser(h, { tier: 'Basic' });
    // Read first, so a cached caller would answer the old plan if the change did not reach it.
    expect((await h.call('GET', '/api/me', { token: user.accessToken })).json().subscription_type).toBe(
      'Basic',
    );

    const changed = await h.call('PUT', `/api/admin/users/${user.user.id}/plan`, {
      token: adminToken,
      body: { subscription_type: 'Premium' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Updated', subscription_type: 'Premium' });

    expect((await h.call('GET', '/api/me', { token: user.accessToken })).json().subscription_type).toBe(
      'Premium',
    );
    const usage = await h.call('GET', '/api/plan_usage', { token: user.accessToken });
    expect(usage.json()).toMatchObject({ subscription_type: 'Premium', totalData: { blogs_limit: 8 } });
    const listed = await h.call('GET', `/api/admin/users?query=${encodeURIComponent(user.email)}`, {
      token: adminToken,
    });
    expect(listed.json().users[0].subscription_type).toBe('Premium');

    const back = await h.call('PUT', `/api/admin/users/${user.user.id}/plan`, {
      token: adminToken,
      body: { subscription_type: 'Basic' },
    });
    expect(back.statusCode).toBe(200);
    const basicUsage = await h.call('GET', '/api/plan_usage', { token: user.accessToken });
    expect(basicUsage.json()).toMatchObject({ subscription_type: 'Basic', totalData: { blogs_limit: 1 } });
  });

  it('404 for an unknown account, 400 for a bad id or plan', async () => {
    const unknown = await h.call('PUT', `/api/admin/users/${UNKNOWN_ID}/plan`, {
      token: adminToken,
      body: { subscription_type: 'Premium' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const badId = await h.call('PUT', '/api/admin/users/not-a-uuid/plan', {
      token: adminToken,
      body: { subscription_type: 'Premium' },
    });
    expect(badId.statusCode).toBe(400);
    const user = await seedUser(h, { tier: 'Basic' });
    const badPlan = await h.call('PUT', `/api/admin/users/${user.user.id}/plan`, {
      token: adminToken,
      body: { subscription_type: 'Gold' },
    });
    expect(badPlan.statusCode).toBe(400);
    expect((await reloadUser(h, user.user.id)).subscriptionType).toBe('Basic');
  });

  it('refuses (409) while a Stripe subscription holds the plan, and allows it once that ended', async () => {
    const user = await seedUser(h, { tier: 'Premium' });
    const now = h.deps.clock.now();
    const [subscription] = await h.deps.db
      .insert(subscriptions)
      .values({
        userId: user.user.id,
        planId: 'premium',
        interval: 'month',
        stripeSubscriptionId: `sub_admin_${user.user.id}`,
        stripeCustomerId: `cus_admin_${user.user.id}`,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
        stripeUpdatedAt: now,
      })
      .returning();
    const refused = await h.call('PUT', `/api/admin/users/${user.user.id}/plan`, {
      token: adminToken,
      body: { subscription_type: 'Basic' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('billing portal');
    expect((await reloadUser(h, user.user.id)).subscriptionType).toBe('Premium');

    await h.deps.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.id, subscription?.id ?? ''));
    const allowed = await h.call('PUT', `/api/admin/users/${user.user.id}/plan`, {
      token: adminToken,
      body: { subscription_type: 'Basic' },
    });
    expect(allowed.statusCode).toBe(200);
    expect((await reloadUser(h, user.user.id)).subscriptionType).toBe('Basic');
  });
});
