import type { TBillingInterval, TPlanLimits, TPricedPlan } from '@sales-assist/contract';

const count = (n: number, one: string, many: string): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Spec §9's limits as sentences for a plan card ("1 blog post a month", "No Google Ads"). */
export const limitsInWords = (limits: TPlanLimits): string[] => [
  `${count(limits.blogs_limit, 'blog post', 'blog posts')} a month`,
  `${count(limits.blogs_topic_limit, 'blog topic idea', 'blog topic ideas')} a month`,
  `${count(limits.social_media_posts_limit, 'social media post', 'social media posts')} a month`,
  limits.google_ads_limit === 0
    ? 'No Google Ads'
    : `${count(limits.google_ads_limit, 'Google Ad', 'Google Ads')} a month`,
];

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
