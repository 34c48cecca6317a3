import {
  AI_BUDGET_MESSAGES,
  MAXIMUM_CREDITS,
  MAXIMUM_PRICE_CENTS,
  MINIMUM_CHARGE_CENTS,
  type TAdminPlan,
  type TPlanLimits,
  type TUpdatePlanRequest,
} from '@sales-assist/contract';
import { centsOf, wholeOf } from './money';

/** The §9 limits in the editor's words and order. */
export const LIMIT_FIELDS: { key: keyof TPlanLimits; label: string }[] = [
  { key: 'blogs_limit', label: 'Blog posts a month' },
  { key: 'blogs_topic_limit', label: 'Blog topic ideas a month' },
  { key: 'social_media_posts_limit', label: 'Social media posts a month' },
  { key: 'google_ads_limit', label: 'Google Ads a month' },
];

const MAXIMUM_LIMIT = 10_000;
/** The server's bound on the AI allowance (ZAiRequestsPerMonth). */
const MAXIMUM_AI_REQUESTS = 1_000_000;

/** The AI allowance field's words: left empty, the plan's AI use is unlimited. */
export const AI_ALLOWANCE_FIELD = {
  label: `${AI_BUDGET_MESSAGES.allowanceLabel} a month`,
  description: 'Leave empty for unlimited',
} as const;

/** What the plan editor holds: number fields keep what was typed (a number, or text while editing). */
export type TPlanForm = {
  name: string;
  description: string;
  monthlyDollars: number | string;
  annualDollars: number | string;
  monthlyCredits: number | string;
  active: boolean;
  limits: Record<keyof TPlanLimits, number | string>;
  /** The AI allowance; '' (empty): unlimited. */
  aiRequests: number | string;
};

export const planFormOf = (plan: TAdminPlan): TPlanForm => ({
  name: plan.name,
  description: plan.description,
  monthlyDollars: plan.monthly_price_cents / 100,
  annualDollars: plan.annual_price_cents / 100,
  monthlyCredits: plan.monthly_credits,
  active: plan.active,
  limits: { ...plan.limits },
  aiRequests: plan.ai_requests_per_month ?? '',
});

/** Field → what is wrong with it, in the words the server would use. */
export type TPlanFormProblems = Partial<
  Record<
    'name' | 'monthlyDollars' | 'annualDollars' | 'monthlyCredits' | 'aiRequests' | keyof TPlanLimits,
    string
  >
>;

const priceProblem = (value: number | string, free: boolean): string | undefined => {
  const cents = centsOf(value);
  if (cents === null || cents > MAXIMUM_PRICE_CENTS) return 'Please enter valid number';
  if (free && cents !== 0) return 'The free plan stays $0';
  if (!free && cents < MINIMUM_CHARGE_CENTS) return 'At least $0.50 (the smallest charge Stripe accepts)';
  return undefined;
};

const countProblem = (value: number | string, maximum: number): string | undefined => {
  const whole = wholeOf(value);
  return whole === null || whole < 0 || whole > maximum ? 'Please enter valid number' : undefined;
};

export const planFormProblems = (form: TPlanForm, free: boolean): TPlanFormProblems => {
  const problems: TPlanFormProblems = {};
  if (!form.name.trim()) problems.name = 'Name is required';
  const monthly = priceProblem(form.monthlyDollars, free);
  if (monthly) problems.monthlyDollars = monthly;
  const annual = priceProblem(form.annualDollars, free);
  if (annual) problems.annualDollars = annual;
  const credits = countProblem(form.monthlyCredits, MAXIMUM_CREDITS);
  if (credits) problems.monthlyCredits = credits;
  else if (free && wholeOf(form.monthlyCredits) !== 0)
    problems.monthlyCredits = 'The free plan gives no monthly credits';
  for (const { key } of LIMIT_FIELDS) {
    const problem = countProblem(form.limits[key], MAXIMUM_LIMIT);
    if (problem) problems[key] = problem;
  }
  if (form.aiRequests !== '') {
    const problem = countProblem(form.aiRequests, MAXIMUM_AI_REQUESTS);
    if (problem) problems.aiRequests = problem;
  }
  return problems;
};

/** The PUT body of a form without problems (check planFormProblems first). */
export const planRequestOf = (form: TPlanForm): TUpdatePlanRequest => ({
  name: form.name.trim(),
  description: form.description.trim(),
  monthly_price_cents: centsOf(form.monthlyDollars) ?? 0,
  annual_price_cents: centsOf(form.annualDollars) ?? 0,
  monthly_credits: wholeOf(form.monthlyCredits) ?? 0,
  active: form.active,
  limits: {
    blogs_limit: wholeOf(form.limits.blogs_limit) ?? 0,
    blogs_topic_limit: wholeOf(form.limits.blogs_topic_limit) ?? 0,
    google_ads_limit: wholeOf(form.limits.google_ads_limit) ?? 0,
    social_media_posts_limit: wholeOf(form.limits.social_media_posts_limit) ?? 0,
  },
  ai_requests_per_month: form.aiRequests === '' ? null : (wholeOf(form.aiRequests) ?? 0),
});
