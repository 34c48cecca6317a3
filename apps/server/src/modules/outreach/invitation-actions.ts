import { LinkedInNoteNotAllowedError, LinkedInNotFoundError } from '../../lib/clients/linkedin-gateway';
import { PLAN_DAY } from './plan';
import { dueOn, profileUrnOf, slugOf } from './profile-actions';
import { type StepContext, type StepOutcome, UnconfirmedActionError } from './step-types';

const checkAfterWithdrawDays = (ctx: StepContext, sentAt: Date): Date =>
  new Date(sentAt.getTime() + ctx.campaign.withdrawAfterDays * ctx.time.dayMs);

const acceptedOutcome = (ctx: StepContext, result: string, outcome: string): StepOutcome => ({
  stepState: 'done',
  result,
  lead: { state: 'request_accepted', reason: '' },
  activity: [{ action: 'check_invitation', outcome }],
  next: { action: 'follow_up_1', dueAt: dueOn(ctx, PLAN_DAY.follow_up_1) },
});

/**
 * Day 21: the connection request with the approved note. The relationship is read first, so a person
 * already connected, or an invitation that went before a crash, is never sent again.
 */
export const sendInvitation = async (ctx: StepContext): Promise<StepOutcome> => {
  const slug = slugOf(ctx.lead.linkedinUrl);
  const before = await ctx.session.connectionStatus(slug);
  if (before === 'connected') {
    return acceptedOutcome(ctx, 'Already connected', 'Already connected: no invitation needed');
  }
  if (before === 'pending') {
    const sentAt = ctx.lead.invitationSentAt ?? ctx.step.claimedAt ?? ctx.now;
    return {
      stepState: 'done',
      result: 'The invitation was already pending',
      lead: { state: 'invitation_sent', reason: '', patch: { invitationSentAt: sentAt } },
      activity: ctx.reconciling
        ? [{ action: 'send_invitation', outcome: 'Sent a connection request (confirmed after a restart)' }]
        : [{ action: 'check_invitation', outcome: 'An invitation was already pending' }],
      next: { action: 'check_invitation', dueAt: checkAfterWithdrawDays(ctx, sentAt) },
    };
  }
  const profileUrn = profileUrnOf(ctx);
  const note = ctx.lead.connectionNote?.trim() || null;
  let sent: { invitationUrn: string | null };
  let withNote = note !== null;
  try {
    sent = await ctx.session.sendInvitation(profileUrn, note);
  } catch (error) {
    if (!(error instanceof LinkedInNoteNotAllowedError)) throw error;
    withNote = false;
    sent = await ctx.session.sendInvitation(profileUrn, null);
  }
  const after = await ctx.session.connectionStatus(slug);
  if (after === 'none') throw new UnconfirmedActionError('LinkedIn did not keep the invitation');
  return {
    stepState: 'done',
    result: withNote ? 'Invitation sent with the note' : 'Invitation sent without a note',
    lead: {
      state: 'invitation_sent',
      reason: withNote || note === null ? '' : 'LinkedIn refused the note: the invitation went without it',
      patch: { invitationUrn: sent.invitationUrn, invitationSentAt: ctx.now },
    },
    activity: [
      {
        action: 'send_invitation',
        outcome: withNote
          ? 'Sent a connection request with the note'
          : note === null
            ? 'Sent a connection request'
            : 'Sent a connection request without the note (LinkedIn refused the note)',
      },
    ],
    next: { action: 'check_invitation', dueAt: checkAfterWithdrawDays(ctx, ctx.now) },
  };
};

/** Withdraw-after days past the invitation: accepted goes on to the follow-ups; still pending is withdrawn. */
export const checkInvitation = async (ctx: StepContext): Promise<StepOutcome> => {
  const slug = slugOf(ctx.lead.linkedinUrl);
  const status = await ctx.session.connectionStatus(slug);
  if (status === 'connected') return acceptedOutcome(ctx, 'Accepted', 'The connection request was accepted');
  const days = ctx.campaign.withdrawAfterDays;
  if (status === 'none') {
    return {
      stepState: 'done',
      result: 'Not pending any more',
      lead: {
        state: 'withdrawn',
        reason: 'The invitation is no longer pending: it was declined or withdrawn',
      },
      activity: [{ action: 'check_invitation', outcome: 'The connection request is no longer pending' }],
      next: null,
    };
  }
  const profileUrn = profileUrnOf(ctx);
  const urn =
    ctx.lead.invitationUrn ??
    (await ctx.session.sentInvitations()).find((inv) => inv.profileUrn === profileUrn)?.invitationUrn;
  if (urn) {
    try {
      await ctx.session.withdrawInvitation(urn);
    } catch (error) {
      // Accepted or withdrawn in the meantime: the read below tells which.
      if (!(error instanceof LinkedInNotFoundError)) throw error;
    }
  }
  const after = await ctx.session.connectionStatus(slug);
  if (after === 'connected') return acceptedOutcome(ctx, 'Accepted', 'The connection request was accepted');
  if (after === 'pending') throw new UnconfirmedActionError('LinkedIn did not withdraw the invitation');
  return {
    stepState: 'done',
    result: 'Withdrawn',
    lead: { state: 'withdrawn', reason: `Not accepted within ${days} day(s): the request was withdrawn` },
    activity: [
      {
        action: 'check_invitation',
        outcome: `Withdrew the connection request (not accepted within ${days} day(s))`,
      },
    ],
    next: null,
  };
};
