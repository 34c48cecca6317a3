import { AI_BUDGET_MESSAGES, ZAiAllowanceUsage } from './ai-budget';
import { z } from './messages';
import { AI_REQUESTS_METRIC } from './plan-limit-refusal';
import type { PLAN_LIMITS } from './profile';

type TLimitKey = keyof (typeof PLAN_LIMITS)['Premium'];

/** The spec's limit names (§3 plan limits) against the metric each one counts. */
export const PLAN_LIMIT_METRICS = {
  blogs_limit: 'blogs',
  blogs_topic_limit: 'blog_topics',
  social_media_posts_limit: 'social_media_posts',
  google_ads_limit: 'google_ads',
} as const satisfies Record<TLimitKey, string>;
export type TPlanMetric = (typeof PLAN_LIMIT_METRICS)[TLimitKey];

/** Spec §6: the premium pop-up's texts, also the message of a 402 when a limit is reached. */
export const PREMIUM_POPUP_TEXTS = {
  Basic: { title: 'Buy Premium', message: 'You have used up your basic plan limit', button: 'Buy Premium' },
  Premium: {
    title: 'Limit Exhausted',
    message: 'Recharge now to extend your plan limit',
    button: 'Recharge Premium',
  },
} as const;

/**
 * What the premium pop-up calls each allowance a 402 names: `name` on its own ("Limit reached: Blog
 * topics"), `counted` in a count ("3 of 3 blog topics this month").
 */
export const PLAN_METRIC_LABELS: Record<
  TPlanMetric | typeof AI_REQUESTS_METRIC,
  { name: string; counted: string }
> = {
  blogs: { name: 'Blog posts', counted: 'blog posts' },
  blog_topics: { name: 'Blog topics', counted: 'blog topics' },
  social_media_posts: { name: 'Social media posts', counted: 'social media posts' },
  google_ads: { name: 'Google Ads', counted: 'Google Ads' },
  [AI_REQUESTS_METRIC]: {
    name: AI_BUDGET_MESSAGES.allowanceLabel,
    counted: AI_BUDGET_MESSAGES.allowanceLabel,
  },
};

const ZLimits = z.object({
  blogs_limit: z.number().int(),
  blogs_topic_limit: z.number().int(),
  google_ads_limit: z.number().int(),
  social_media_posts_limit: z.number().int(),
});

/** GET /api/plan_usage: the Plan screen's used / total (spec §3 plan: totalData, currentData). */
export const ZPlanUsageResponse = z.object({
  subscription_type: z.enum(['Basic', 'Premium']),
  /**
   * The period the counts belong to: a calendar month in UTC (YYYY-MM) without a paid subscription, else
   * the subscription's current period, named by its first day (YYYY-MM-DD).
   */
  period: z.string(),
  /** What a period is for this account (absent from older servers: a calendar month). */
  counted_per: z.enum(['calendar_month', 'subscription_period']).optional(),
  /** The first day of the next period, YYYY-MM-DD: when the counts start again from zero. */
  resets_on: z.string(),
  totalData: ZLimits,
  currentData: ZLimits,
  /** The plan's monthly allowance of AI requests and this period's use (absent from older servers). */
  ai_requests: ZAiAllowanceUsage.optional(),
});
export type TPlanUsageResponse = z.infer<typeof ZPlanUsageResponse>;
