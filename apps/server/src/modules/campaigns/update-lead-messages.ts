import { CAMPAIGN_MESSAGES, type TLeadMessages, type TMessageResponse } from '@sales-assist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { type CampaignLeadRow, type CampaignLeadState, campaignLeads, outreachSteps } from '../../db/schema';
import { conflict } from '../../http/errors';
import { lockLeadWithCampaign } from './find-campaign';

const NOTE_SENT_STATES: readonly CampaignLeadState[] = [
  'invitation_sent',
  'request_accepted',
  'follow_up_1_sent',
  'follow_up_2_sent',
];

/** Which messages have gone (or are going right now: a claimed step may be sending them). */
const sentMessages = async (tx: DbOrTx, lead: CampaignLeadRow): Promise<Set<keyof TLeadMessages>> => {
  const started = await tx
    .select({ action: outreachSteps.action })
    .from(outreachSteps)
    .where(and(eq(outreachSteps.campaignLeadId, lead.id), inArray(outreachSteps.state, ['running', 'done'])));
  const actions = new Set(started.map((step) => step.action));
  const sent = new Set<keyof TLeadMessages>();
  if (lead.invitationSentAt || actions.has('send_invitation') || NOTE_SENT_STATES.includes(lead.state))
    sent.add('connection_note');
  if (actions.has('follow_up_1') || lead.state === 'follow_up_1_sent' || lead.state === 'follow_up_2_sent')
    sent.add('follow_up_1');
  if (actions.has('follow_up_2') || lead.state === 'follow_up_2_sent') sent.add('follow_up_2');
  return sent;
};

const SENT_MESSAGE: Record<keyof TLeadMessages, string> = {
  connection_note: CAMPAIGN_MESSAGES.connectionNoteSent,
  follow_up_1: CAMPAIGN_MESSAGES.followUp1Sent,
  follow_up_2: CAMPAIGN_MESSAGES.followUp2Sent,
};

/** Edit Message: new texts for the lead's messages; one already sent cannot change (sending it again is impossible). */
export const updateLeadMessages = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number } & Partial<TLeadMessages>,
): Promise<TMessageResponse> => {
  await deps.db.transaction(async (tx) => {
    const { lead } = await lockLeadWithCampaign(tx, userId, input.id);
    if (lead.messagesState === 'writing') throw conflict(CAMPAIGN_MESSAGES.messagesLoading);
    const current: Record<keyof TLeadMessages, string | null> = {
      connection_note: lead.connectionNote,
      follow_up_1: lead.followUp1,
      follow_up_2: lead.followUp2,
    };
    const sent = await sentMessages(tx, lead);
    for (const field of ['connection_note', 'follow_up_1', 'follow_up_2'] as const) {
      const next = input[field];
      if (next !== undefined && next !== current[field] && sent.has(field))
        throw conflict(SENT_MESSAGE[field]);
    }
    await tx
      .update(campaignLeads)
      .set({
        ...(input.connection_note !== undefined ? { connectionNote: input.connection_note } : {}),
        ...(input.follow_up_1 !== undefined ? { followUp1: input.follow_up_1 } : {}),
        ...(input.follow_up_2 !== undefined ? { followUp2: input.follow_up_2 } : {}),
        updatedAt: deps.clock.now(),
      })
      .where(eq(campaignLeads.id, lead.id));
  });
  return { message: CAMPAIGN_MESSAGES.messageUpdated };
};
