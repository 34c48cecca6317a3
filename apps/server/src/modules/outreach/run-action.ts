import { and, eq, isNull } from 'drizzle-orm';
import { campaignLeads } from '../../db/schema';
import { writeLeadComment } from '../campaign-messages/write-lead-comment';
import { checkInvitation, sendInvitation } from './invitation-actions';
import { checkReply, sendFollowUp } from './message-actions';
import { commentPost, likePost, viewProfile } from './profile-actions';
import type { StepContext, StepOutcome } from './step-types';

/** The comment is written once and kept before it is posted, so a retry posts the same words. */
const commentFor = async (ctx: StepContext): Promise<string> => {
  if (ctx.lead.comment) return ctx.lead.comment;
  const text = await writeLeadComment(ctx.deps, ctx.lead.id, ctx.lead.postText ?? '');
  await ctx.deps.db
    .update(campaignLeads)
    .set({ comment: text })
    .where(and(eq(campaignLeads.id, ctx.lead.id), isNull(campaignLeads.comment)));
  const [kept] = await ctx.deps.db
    .select({ comment: campaignLeads.comment })
    .from(campaignLeads)
    .where(eq(campaignLeads.id, ctx.lead.id));
  return kept?.comment ?? text;
};

/** Carries out one step of the plan through the LinkedIn session and reads the result back. */
export const runAction = async (ctx: StepContext): Promise<StepOutcome> => {
  switch (ctx.step.action) {
    case 'view_profile':
      return viewProfile(ctx);
    case 'like_post':
      return likePost(ctx);
    case 'comment_post':
      return commentPost(ctx, await commentFor(ctx));
    case 'send_invitation':
      return sendInvitation(ctx);
    case 'check_invitation':
      return checkInvitation(ctx);
    case 'follow_up_1':
      return sendFollowUp(ctx, 1);
    case 'follow_up_2':
      return sendFollowUp(ctx, 2);
    case 'check_reply':
      return checkReply(ctx);
  }
};
