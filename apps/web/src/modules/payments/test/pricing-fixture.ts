import type { TPricedPlan, TPricingResponse, TSessionStatusResponse } from '@sales-assist/contract';

const BASIC_LIMITS = {
  blogs_limit: 1,
  blogs_topic_limit: 3,
  google_ads_limit: 0,
  social_media_posts_limit: 2,
};
const PREMIUM_LIMITS = {
  blogs_limit: 8,
  blogs_topic_limit: 24,
  google_ads_limit: 6,
  social_media_posts_limit: 12,
};

const plan = (changes: Partial<TPricedPlan> & Pick<TPricedPlan, 'tier' | 'interval'>): TPricedPlan => {
  const premium = changes.tier === 'Premium';
  const yearly = changes.interval === 'year';
  return {
    id: premium ? 'premium' : 'basic',
    name: changes.tier,
    description: premium ? 'Room to grow' : 'The essentials',
    price_cents: premium ? (yearly ? 47_000 : 4_900) : 0,
    currency: 'usd',
    credits: premium ? (yearly ? 6_000 : 500) : 0,
    limits: premium ? PREMIUM_LIMITS : BASIC_LIMITS,
    current: !premium,
    ...changes,
  };
};

/** GET /api/pricing for a Basic account with 30 credits and no subscription; `changes` make it any other. */
export const aPricing = (changes: Partial<TPricingResponse> = {}): TPricingResponse => ({
  monthlyPlans: [plan({ tier: 'Basic', interval: 'month' }), plan({ tier: 'Premium', interval: 'month' })],
  annualPlans: [plan({ tier: 'Basic', interval: 'year' }), plan({ tier: 'Premium', interval: 'year' })],
  creditPacks: [
    { id: 'credits-500', name: '500 credits', credits: 500, price_cents: 1_900, currency: 'usd' },
    { id: 'credits-1500', name: '1,500 credits', credits: 1_500, price_cents: 4_900, currency: 'usd' },
  ],
  subscription_type: 'Basic',
  credits: 30,
  subscription: null,
  ...changes,
});

/**
 * A Premium subscriber's pricing, monthly unless `interval` says: as the server answers, only the
 * Premium card at the subscription's interval is current.
 */
export const aSubscriberPricing = (
  changes: Partial<TPricingResponse> = {},
  interval: 'month' | 'year' = 'month',
): TPricingResponse => {
  const base = aPricing();
  const premiumCurrent = (plans: TPricedPlan[]) =>
    plans.map((p) => ({ ...p, current: p.tier === 'Premium' && p.interval === interval }));
  return aPricing({
    monthlyPlans: premiumCurrent(base.monthlyPlans),
    annualPlans: premiumCurrent(base.annualPlans),
    subscription_type: 'Premium',
    credits: 530,
    subscription: {
      plan_id: 'premium',
      tier: 'Premium',
      interval,
      status: 'active',
      current_period_end: '2026-12-24T10:00:00.000Z',
      cancel_at_period_end: false,
    },
    ...changes,
  });
};

/** GET /api/session-status for Premium monthly, paid and fulfilled; `changes` make it any other. */
export const aSessionStatus = (changes: Partial<TSessionStatusResponse> = {}): TSessionStatusResponse => ({
  status: 'complete',
  payment_status: 'paid',
  customer_email: 'jane@acme.example',
  fulfilled: true,
  kind: 'plan',
  description: 'Premium plan, billed monthly',
  amount_cents: 4_900,
  currency: 'usd',
  credits_added: 500,
  subscription_type: 'Premium',
  credits: 530,
  ...changes,
});
