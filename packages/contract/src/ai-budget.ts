import { ZErrorBody } from './common';
import { z } from './messages';
import { ZPlanLimitReachedBody } from './plan-limit-refusal';

/**
 * The words of the model budget's refusals (docs/decisions/content-writing.md, "Model budget"): the server's
 * 429s and the plan allowance's 402, which the web shows in the premium pop-up like every other plan limit.
 */
export const AI_BUDGET_MESSAGES = {
  tooFast: (seconds: number) =>
    `You are sending requests to the AI faster than your plan allows; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  tooManyAtOnce: (limit: number) =>
    `You already have ${limit} AI ${limit === 1 ? 'request' : 'requests'} running; wait for one to finish, then try again.`,
  /** The allowance's name on /plan and in the admin's plan editor. */
  allowanceLabel: 'AI requests',
} as const;

/** The refusals every model-backed call may answer (added to each such call's OpenAPI answers). */
export const AI_BUDGET_ERROR_RESPONSES = {
  /** The plan's monthly allowance of AI requests is used up: the premium pop-up's words. */
  402: ZPlanLimitReachedBody,
  /** Faster than the account's requests a minute, or more at once than it may run (Retry-After). */
  429: ZErrorBody,
};

/** The plan's AI allowance for the period (GET /api/plan_usage): null limit = unlimited. */
export const ZAiAllowanceUsage = z.object({
  limit: z.number().int().nullable(),
  used: z.number().int(),
});
export type TAiAllowanceUsage = z.infer<typeof ZAiAllowanceUsage>;

/** The allowance as a plan holds it: model-backed requests a period, null = unlimited. */
export const ZAiRequestsPerMonth = z
  .number({ error: 'AI requests per month must be a number' })
  .int('AI requests per month must be a whole number')
  .min(0, 'AI requests per month cannot be negative')
  .max(1_000_000, 'AI requests per month are at most 1,000,000')
  .nullable();

/** GET /api/admin/ai-usage: model use per user and calendar month (UTC), from ai_usage. */
export const ZAdminAiUsageQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM')
    .optional()
    .describe('one calendar month (UTC); unset: the last 12 months'),
  user_id: z.uuid('user_id is not valid').optional(),
});
export type TAdminAiUsageQuery = z.input<typeof ZAdminAiUsageQuery>;

export const ZAdminAiUsageRow = z.object({
  month: z.string().describe('YYYY-MM, UTC'),
  user_id: z.string(),
  email: z.string(),
  /** Model requests (ai_usage rows): a repair or a tool round is a request of its own. */
  requests: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
});
export type TAdminAiUsageRow = z.infer<typeof ZAdminAiUsageRow>;

export const ZAdminAiUsageResponse = z.object({
  rows: z.array(ZAdminAiUsageRow),
  /** More rows matched than were answered (at most 500). */
  truncated: z.boolean(),
});
export type TAdminAiUsageResponse = z.infer<typeof ZAdminAiUsageResponse>;
