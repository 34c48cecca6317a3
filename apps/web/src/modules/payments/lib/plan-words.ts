import type { TBillingInterval, TPlanLimits, TPricedPlan } from '@sales-assist/contract';

const count = (n: number, one: string, many: string): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Spec §9's limits as sentences for a plan card ("1 blog post a month", "No Google Ads"); none: not included. */
export const limitsInWords = (limits: TPlanLimits): { text: string; included: boolean }[] =>
  [
    { n: limits.blogs_limit, one: 'blog post', many: 'blog posts' },
    { n: limits.blogs_topic_limit, one: 'blog topic idea', many: 'blog topic ideas' },
    { n: limits.social_media_posts_limit, one: 'social media post', many: 'social media posts' },
    { n: limits.google_ads_limit, one: 'Google Ad', many: 'Google Ads' },
  ].map(({ n, one, many }) => ({
    text: n === 0 ? `No ${many}` : `${count(n, one, many)} a month`,
    included: n > 0,
  }));

export const perInterval = (interval: TBillingInterval): string => (interval === 'year' ? 'year' : 'month');

/** The credits a paid period adds ("500 credits every month"); a free plan adds none. */
export const creditsInWords = (plan: Pick<TPricedPlan, 'credits' | 'interval'>): string =>
  plan.credits > 0
    ? `${count(plan.credits, 'credit', 'credits')} every ${perInterval(plan.interval)}`
    : 'No credits included: buy a credit pack when you need some';

/** What an annual price saves against twelve monthly payments of the same tier (null: nothing). */
export const annualSaving = (
  annual: Pick<TPricedPlan, 'price_cents'>,
  monthly: Pick<TPricedPlan, 'price_cents'> | undefined,
): { cents: number; percent: number } | null => {
  if (!monthly || monthly.price_cents <= 0) return null;
  const twelveMonths = monthly.price_cents * 12;
  const cents = twelveMonths - annual.price_cents;
  if (cents <= 0) return null;
  return { cents, percent: Math.round((cents / twelveMonths) * 100) };
};
