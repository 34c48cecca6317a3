import { ENGAGEMENT_WINDOWS } from '@sales-assist/contract';
import { LinkedInNotFoundError } from '../../lib/clients/linkedin-gateway';
import { excerpt } from '../../lib/writers/message-writer/shorten-text';
import { PLAN_DAY, planDate } from './plan';
import {
  LeadCannotContinueError,
  type StepContext,
  type StepOutcome,
  UnconfirmedActionError,
} from './step-types';

const REAL_DAY_MS = 24 * 60 * 60 * 1000;
const PROFILE_PATH = /^https:\/\/www\.linkedin\.com\/in\/([^/?#]+)$/;

/** The public identifier in a lead's normalised profile URL. */
export const slugOf = (linkedinUrl: string): string => {
  const slug = PROFILE_PATH.exec(linkedinUrl)?.[1];
  if (!slug)
    throw new LeadCannotContinueError('The lead has no LinkedIn profile address the engine can open');
  return decodeURIComponent(slug);
};

export const dueOn = (ctx: StepContext, day: number): Date => {
  const planned = planDate(ctx.campaign.launchedAt ?? ctx.now, day, ctx.time.dayMs);
  return new Date(Math.max(planned.getTime(), ctx.now.getTime()));
};

const profileUrnOf = (ctx: StepContext): string => {
  if (!ctx.lead.profileUrn) throw new LeadCannotContinueError('The profile was never read');
  return ctx.lead.profileUrn;
};

/** Day 0: open the profile as a visit does; it also tells the engine who the person is. */
export const viewProfile = async (ctx: StepContext): Promise<StepOutcome> => {
  let profile: Awaited<ReturnType<typeof ctx.session.viewProfile>>;
  try {
    profile = await ctx.session.viewProfile(slugOf(ctx.lead.linkedinUrl));
  } catch (error) {
    if (error instanceof LinkedInNotFoundError)
      throw new LeadCannotContinueError('This profile is not on LinkedIn any more');
    throw error;
  }
  return {
    stepState: 'done',
    result: `Viewed ${profile.name}`,
    lead: {
      state: 'viewed_profile',
      reason: '',
      patch: {
        profileUrn: profile.profileUrn,
        industry: profile.industry,
        headline: ctx.lead.headline || profile.headline,
        company: ctx.lead.company || (profile.company ?? ''),
        profileImageUrl: ctx.lead.profileImageUrl ?? profile.pictureUrl,
        connectionDegree: profile.connectionDegree ?? ctx.lead.connectionDegree,
      },
    },
    activity: [{ action: 'view_profile', outcome: `Viewed the profile of ${profile.name}` }],
    next: { action: 'like_post', dueAt: dueOn(ctx, PLAN_DAY.like_post) },
  };
};

/** The engagement window the campaign's label promised, in real days (a post's age is real time). */
const windowDays = (ctx: StepContext): number =>
  ENGAGEMENT_WINDOWS.find((w) => w.value === ctx.campaign.engagementValue)?.windowDays ??
  ctx.campaign.engagementWindowDays;

/** Day 7: like the person's most recent post within the window; no such post skips both post steps. */
export const likePost = async (ctx: StepContext): Promise<StepOutcome> => {
  const days = windowDays(ctx);
  const since = ctx.now.getTime() - days * REAL_DAY_MS;
  const posts = await ctx.session.recentPosts(profileUrnOf(ctx), 5);
  const post = posts.find((p) => p.postedAt.getTime() >= since);
  if (!post) {
    return {
      stepState: 'skipped',
      result: `No post in the last ${days} days`,
      lead: {
        reason: `No post in the last ${days} days: the like and the comment are skipped`,
        extraProgress: 1,
      },
      activity: [],
      next: { action: 'send_invitation', dueAt: dueOn(ctx, PLAN_DAY.send_invitation) },
    };
  }
  const already = ctx.reconciling && (await ctx.session.hasReacted(post.postUrn));
  if (!already) {
    await ctx.session.react(post.postUrn, 'LIKE');
    if (!(await ctx.session.hasReacted(post.postUrn)))
      throw new UnconfirmedActionError('LinkedIn did not keep the like');
  }
  return {
    stepState: 'done',
    result: already ? 'The like was already there' : 'Liked the post',
    lead: { state: 'post_liked', reason: '', patch: { postUrn: post.postUrn, postText: post.text } },
    activity: [{ action: 'like_post', outcome: `Liked the post "${excerpt(post.text)}"` }],
    next: { action: 'comment_post', dueAt: dueOn(ctx, PLAN_DAY.comment_post) },
  };
};

/** Day 14: comment on the post liked a week before. The text is saved before it is sent. */
export const commentPost = async (ctx: StepContext, comment: string): Promise<StepOutcome> => {
  const postUrn = ctx.lead.postUrn;
  if (!postUrn) throw new LeadCannotContinueError('There is no post to comment on');
  const mine = ctx.reconciling ? await ctx.session.listMyComments(postUrn) : [];
  if (mine.length === 0) {
    await ctx.session.comment(postUrn, comment);
    if ((await ctx.session.listMyComments(postUrn)).length === 0)
      throw new UnconfirmedActionError('LinkedIn did not keep the comment');
  }
  return {
    stepState: 'done',
    result: mine.length > 0 ? 'The comment was already there' : 'Commented on the post',
    lead: { state: 'post_commented', reason: '' },
    activity: [{ action: 'comment_post', outcome: `Commented "${excerpt(comment)}"` }],
    next: { action: 'send_invitation', dueAt: dueOn(ctx, PLAN_DAY.send_invitation) },
  };
};

export { profileUrnOf };
