import type { TAdminPlan } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { centsOf, formatCents, wholeOf } from './money';
import { packFormProblems, packRequestOf } from './pack-form';
import { planFormOf, planFormProblems, planRequestOf } from './plan-form';

const PREMIUM: TAdminPlan = {
  id: 'premium',
  tier: 'Premium',
  name: 'Premium',
  description: 'Content every week',
  limits: { blogs_limit: 8, blogs_topic_limit: 24, google_ads_limit: 6, social_media_posts_limit: 12 },
  monthly_price_cents: 4900,
  annual_price_cents: 47000,
  currency: 'usd',
  monthly_credits: 500,
  ai_requests_per_month: 3000,
  active: true,
  free: false,
  updated_at: '2026-11-24T00:00:00.000Z',
};

describe('money', () => {
  it('reads dollars as cents, and refuses what is not an amount', () => {
    expect(centsOf(49)).toBe(4900);
    expect(centsOf('12.99')).toBe(1299);
    expect(centsOf(0.1)).toBe(10);
    expect(centsOf('19.5')).toBe(1950);
    expect(centsOf('')).toBeNull();
    expect(centsOf('-1')).toBeNull();
    expect(centsOf('1.999')).toBeNull();
    expect(centsOf('abc')).toBeNull();
    expect(formatCents(47000)).toBe('$470.00');
  });

  it('reads whole numbers only', () => {
    expect(wholeOf(8)).toBe(8);
    expect(wholeOf('-30')).toBe(-30);
    expect(wholeOf('1.5')).toBeNull();
    expect(wholeOf('')).toBeNull();
  });
});

describe('plan form', () => {
  it('turns the stored plan into the form and back into the same request', () => {
    const form = planFormOf(PREMIUM);
    expect(form.monthlyDollars).toBe(49);
    expect(planFormProblems(form, false)).toEqual({});
    expect(planRequestOf(form)).toEqual({
      name: 'Premium',
      description: 'Content every week',
      limits: PREMIUM.limits,
      monthly_price_cents: 4900,
      annual_price_cents: 47000,
      monthly_credits: 500,
      ai_requests_per_month: 3000,
      active: true,
    });
  });

  it('reads an empty AI allowance as unlimited (null) and refuses one that is not a whole number', () => {
    const form = planFormOf({ ...PREMIUM, ai_requests_per_month: null });
    expect(form.aiRequests).toBe('');
    expect(planFormProblems(form, false)).toEqual({});
    expect(planRequestOf(form).ai_requests_per_month).toBeNull();
    expect(planRequestOf({ ...form, aiRequests: 250 }).ai_requests_per_month).toBe(250);
    expect(planFormProblems({ ...form, aiRequests: '2.5' }, false)).toEqual({
      aiRequests: 'Please enter valid number',
    });
    expect(planFormProblems({ ...form, aiRequests: 1_000_001 }, false).aiRequests).toBe(
      'Please enter valid number',
    );
  });

  it("says 'Please enter valid number' for an empty or fractional number, and keeps a free plan free", () => {
    const form = planFormOf(PREMIUM);
    expect(
      planFormProblems(
        { ...form, monthlyCredits: '', limits: { ...form.limits, blogs_limit: '2.5' } },
        false,
      ),
    ).toEqual({ monthlyCredits: 'Please enter valid number', blogs_limit: 'Please enter valid number' });
    expect(planFormProblems({ ...form, monthlyDollars: 0.2 }, false).monthlyDollars).toMatch(
      /^At least \$0\.50/,
    );
    expect(planFormProblems({ ...form, name: ' ' }, false).name).toBe('Name is required');
    const basic = { ...form, monthlyDollars: 0, annualDollars: 0, monthlyCredits: 0 };
    expect(planFormProblems(basic, true)).toEqual({});
    expect(planFormProblems({ ...basic, monthlyDollars: 5 }, true).monthlyDollars).toBe(
      'The free plan stays $0',
    );
    expect(planFormProblems({ ...basic, monthlyCredits: 10 }, true).monthlyCredits).toBe(
      'The free plan gives no monthly credits',
    );
  });
});

describe('credit pack form', () => {
  it('needs a name, whole credits above 0 and at least $0.50', () => {
    expect(packFormProblems({ name: '', credits: 0, dollars: 0.3, active: true })).toEqual({
      name: 'Name is required',
      credits: 'Please enter valid number',
      dollars: 'At least $0.50 (the smallest charge Stripe accepts)',
    });
    expect(packFormProblems({ name: 'Big', credits: '', dollars: '', active: true })).toEqual({
      credits: 'Please enter valid number',
      dollars: 'Please enter valid number',
    });
    expect(packRequestOf({ name: ' Big ', credits: 1000, dollars: '29.99', active: false })).toEqual({
      name: 'Big',
      credits: 1000,
      price_cents: 2999,
      active: false,
    });
  });
});
