import type { LinkedInMessage } from '../../lib/clients/linkedin-gateway';
import { excerpt } from '../../lib/writers/message-writer/shorten-text';
import { keepThread } from './keep-thread';
import { PLAN_DAY } from './plan';
import { dueOn, profileUrnOf } from './profile-actions';
import {
  LeadCannotContinueError,
  type StepContext,
  type StepOutcome,
  UnconfirmedActionError,
} from './step-types';

const sameText = (a: string, b: string): boolean =>
  a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * Messages of the thread since the campaign began: older ones say nothing about this outreach. The whole
 * thread, as read, is kept for the Engagement inbox on the way (no second LinkedIn call).
 */
const threadSinceLaunch = async (ctx: StepContext): Promise<LinkedInMessage[]> => {
  const since = (ctx.campaign.launchedAt ?? ctx.now).getTime();
  const thread = await ctx.session.conversationWith(profileUrnOf(ctx));
  const followUps = [ctx.lead.followUp1, ctx.lead.followUp2].filter((text): text is string => !!text);
  await keepThread(
    ctx.deps.db,
    { userId: ctx.campaign.userId, accountId: ctx.step.accountId, campaignLeadId: ctx.lead.id },
    thread,
    { originOf: (m) => (followUps.some((text) => sameText(text, m.text)) ? 'engine' : 'linkedin') },
  );
  return thread.filter((m) => m.sentAt.getTime() >= since);
};

const repliedOutcome = (reply: LinkedInMessage): StepOutcome => ({
  stepState: 'done',
  result: 'Replied',
  lead: { state: 'replied', reason: `Replied: "${excerpt(reply.text)}"` },
  activity: [{ action: 'check_reply', outcome: `Reply received: "${excerpt(reply.text)}"` }],
  next: null,
});

/** Days 28 and 35: a follow-up, unless the person has replied already (the lead then ends). */
export const sendFollowUp = async (ctx: StepContext, which: 1 | 2): Promise<StepOutcome> => {
  const text = (which === 1 ? ctx.lead.followUp1 : ctx.lead.followUp2)?.trim();
  if (!text) throw new LeadCannotContinueError(`Follow-up ${which} has no text`);
  const thread = await threadSinceLaunch(ctx);
  const reply = thread.find((m) => m.from === 'them');
  if (reply) return repliedOutcome(reply);
  const alreadySent = ctx.reconciling && thread.some((m) => m.from === 'me' && sameText(m.text, text));
  if (!alreadySent) {
    await ctx.session.sendMessage(profileUrnOf(ctx), text);
    const after = await threadSinceLaunch(ctx);
    if (!after.some((m) => m.from === 'me' && sameText(m.text, text)))
      throw new UnconfirmedActionError(`LinkedIn did not keep follow-up ${which}`);
  }
  const action = which === 1 ? 'follow_up_1' : 'follow_up_2';
  return {
    stepState: 'done',
    result: alreadySent ? `Follow-up ${which} was already sent` : `Follow-up ${which} sent`,
    lead: { state: which === 1 ? 'follow_up_1_sent' : 'follow_up_2_sent', reason: '' },
    activity: [{ action, outcome: `Sent follow-up ${which}` }],
    next:
      which === 1
        ? { action: 'follow_up_2', dueAt: dueOn(ctx, PLAN_DAY.follow_up_2) }
        : { action: 'check_reply', dueAt: dueOn(ctx, PLAN_DAY.check_reply) },
  };
};

/** Day 42: the last look for a reply; the lead's plan ends either way. */
export const checkReply = async (ctx: StepContext): Promise<StepOutcome> => {
  const reply = (await threadSinceLaunch(ctx)).find((m) => m.from === 'them');
  if (reply) return repliedOutcome(reply);
  return {
    stepState: 'done',
    result: 'No reply',
    lead: { state: 'finished', reason: 'No reply to the follow-ups' },
    activity: [{ action: 'check_reply', outcome: 'No reply: the outreach to this lead is finished' }],
    next: null,
  };
};
