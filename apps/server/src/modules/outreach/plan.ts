import type { CampaignLeadState, OutreachAction } from '../../db/schema';
import { FINAL_LEAD_STATES, PLAN_STEPS } from '../../db/schema';

/**
 * The spec's plan (§7 actions): the day of the campaign each action is due on, counted from the launch.
 * The invitation check has no day of its own: it comes withdraw-after days past the invitation.
 */
export const PLAN_DAY: Record<Exclude<OutreachAction, 'check_invitation'>, number> = {
  view_profile: 0,
  like_post: 7,
  comment_post: 14,
  send_invitation: 21,
  follow_up_1: 28,
  follow_up_2: 35,
  check_reply: 42,
};

/** How many of the PLAN_STEPS counted for Campaign Progress an action completes. */
export const PROGRESS_OF: Record<OutreachAction, number> = {
  view_profile: 1,
  like_post: 1,
  comment_post: 1,
  send_invitation: 1,
  check_invitation: 0,
  follow_up_1: 1,
  follow_up_2: 1,
  check_reply: 1,
};

export const isFinalLeadState = (state: CampaignLeadState): boolean => FINAL_LEAD_STATES.includes(state);

/** The lead's progress after an action: a lead that has ended counts every step of the plan. */
export const progressAfter = (
  before: number,
  action: OutreachAction,
  extra: number,
  final: boolean,
): number => (final ? PLAN_STEPS : Math.min(PLAN_STEPS, before + PROGRESS_OF[action] + extra));

/** When a plan day falls for a campaign launched (day 0) at `launchedAt`. */
export const planDate = (launchedAt: Date, day: number, dayMs: number): Date =>
  new Date(launchedAt.getTime() + day * dayMs);

/** What people do before the engine asks LinkedIn again after a passing failure, by attempt. */
export const RETRY_LIMIT = 3;
export const retryDelayMs = (attempt: number, dayMs: number): number =>
  Math.round((dayMs / 24 / 6) * 2 ** Math.max(0, attempt - 1)); // 10 min, 20 min, 40 min of a real day
