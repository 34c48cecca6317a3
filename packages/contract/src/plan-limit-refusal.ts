import { ZErrorBody } from './common';
import { z } from './messages';

/** The metric of the model budget's monthly allowance, named in its 402 beside the §9 limits' metrics. */
export const AI_REQUESTS_METRIC = 'ai_requests';

/**
 * 402 `plan_limit_reached`: the premium pop-up's words for the caller's tier (spec §6) in `title` and
 * `message`, and, so the pop-up can say which allowance ran out, what it allows a period, what this period
 * used and the day the count starts again. Every field past `message` is optional: older servers sent
 * fewer, and a client shows what it gets.
 */
export const ZPlanLimitReachedBody = ZErrorBody.extend({
  title: z.string().optional().describe("the premium pop-up's heading for the caller's tier"),
  metric: z
    .string()
    .optional()
    .describe('the allowance reached: blogs, blog_topics, social_media_posts, google_ads or ai_requests'),
  limit: z.number().int().optional().describe('what the plan allows a period'),
  used: z.number().int().optional().describe('what the current period has used'),
  resets_on: z
    .string()
    .optional()
    .describe('YYYY-MM-DD: the first day of the next period, when the count starts again from zero'),
}).loose();
export type TPlanLimitReachedBody = z.infer<typeof ZPlanLimitReachedBody>;
