import { ZId } from './leads';
import { z } from './messages';

/**
 * Engagement (Outreach → Engagement): one inbox of the LinkedIn threads with campaign leads, across the
 * user's LinkedIn account and campaigns, newest first.
 */
export const ENGAGEMENT_LIMITS = { threadsPerPage: 30, replyChars: 8_000, searchChars: 200 } as const;

/** What the user made of a lead's answers; analytics counts them per campaign. */
export const LEAD_LABEL_VALUES = ['interested', 'not_interested', 'meeting_booked', 'later'] as const;
export const ZLeadLabel = z.enum(LEAD_LABEL_VALUES);
export type TLeadLabel = z.infer<typeof ZLeadLabel>;
/** The labels as the screens write them. */
export const LEAD_LABEL_NAMES: Record<TLeadLabel, string> = {
  interested: 'Interested',
  not_interested: 'Not interested',
  meeting_booked: 'Meeting booked',
  later: 'Later',
};

export const ENGAGEMENT_MESSAGES = {
  threadNotFound: 'Conversation not found',
  emptyReply: 'Write a reply first',
  replyTooLong: `A reply can have at most ${ENGAGEMENT_LIMITS.replyChars.toLocaleString('en-US')} characters`,
  badCursor: 'cursor is not valid: use the next_cursor of the previous page',
  noAccount: 'Connect your LinkedIn account again to reply: this conversation’s account is not connected',
  accountUnusable: (reason: string) => `LinkedIn cannot be used right now: ${reason}`,
  dailyCapReached: (cap: number) =>
    `Your LinkedIn account has sent its ${cap} messages for today (follow-ups and replies together); reply again tomorrow`,
  notConnected: 'LinkedIn lets you message only your connections: this lead has not accepted your invitation',
  notKept:
    'LinkedIn did not show the reply in the conversation: check it on LinkedIn before sending it again',
  accountBusy: 'Your LinkedIn account is taking a campaign step right now: send the reply again in a moment',
  unreachable: 'LinkedIn could not be reached: the reply was not sent, try again later',
  replySent: 'Reply sent',
  labelSaved: 'Label saved',
} as const;

/** A conversation named in the path. */
export const ZThreadIdParams = z.object({ id: ZId });

const ZBooleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /api/engagement/threads: newest first, keyset-paged, with search and filters. */
export const ZThreadsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(ENGAGEMENT_LIMITS.searchChars)
    .optional()
    .describe("Words found in the lead's name, company or any message of the thread"),
  campaign_id: ZId.optional(),
  account_id: z.uuid().optional(),
  label: z
    .union([ZLeadLabel, z.literal('none')])
    .optional()
    .describe("A label, or 'none' for unlabelled"),
  unread: ZBooleanQuery.optional().describe('true: only threads with unread messages'),
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
});
export type TThreadsQuery = z.input<typeof ZThreadsQuery>;

export const ZThreadSender = z.enum(['me', 'them']);

export const ZThreadSummary = z.object({
  id: z.number().int(),
  lead: z.object({
    campaign_lead_id: z.number().int(),
    name: z.string(),
    headline: z.string(),
    company: z.string(),
    linkedin_url: z.string(),
    profile_image_url: z.string().nullable(),
  }),
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  account: z.object({ id: z.string(), name: z.string() }).nullable(),
  last_message: z.object({ text: z.string(), from: ZThreadSender, sent_at: z.string() }),
  unread_count: z.number().int(),
  label: ZLeadLabel.nullable(),
});
export type TThreadSummary = z.infer<typeof ZThreadSummary>;

export const ZThreadsResponse = z.object({
  threads: z.array(ZThreadSummary),
  next_cursor: z.string().nullable(),
  /** Unread messages across all the caller's threads (the sidebar's badge), whatever the filters. */
  unread_total: z.number().int(),
});
export type TThreadsResponse = z.infer<typeof ZThreadsResponse>;

/** GET /api/engagement/unread: the sidebar's badge alone. */
export const ZUnreadResponse = z.object({ unread_total: z.number().int() });

export const ZThreadMessage = z.object({
  id: z.number().int(),
  from: ZThreadSender,
  /** engine: a campaign follow-up; inbox: a reply sent here; linkedin: written in LinkedIn itself. */
  origin: z.enum(['engine', 'inbox', 'linkedin']),
  text: z.string(),
  sent_at: z.string(),
});
export type TThreadMessage = z.infer<typeof ZThreadMessage>;

/** Where the lead's campaign sequence stands. */
export const ZThreadSequence = z.object({
  /** The spec's lead status (Pending, Viewed Profile … Replied, Finished). */
  status: z.string(),
  reason: z.string(),
  ended: z.boolean(),
  /** The next action of the plan and when it is due; null once the sequence has ended or is paused. */
  next_step: z.object({ action: z.string(), label: z.string(), due_at: z.string() }).nullable(),
  campaign_status: z.string(),
});

export const ZThreadDetail = ZThreadSummary.extend({
  messages: z.array(ZThreadMessage),
  sequence: ZThreadSequence,
});
export type TThreadDetail = z.infer<typeof ZThreadDetail>;

export const ZReplyRequest = z.object({
  text: z
    .string()
    .trim()
    .min(1, ENGAGEMENT_MESSAGES.emptyReply)
    .max(ENGAGEMENT_LIMITS.replyChars, ENGAGEMENT_MESSAGES.replyTooLong),
});
export const ZReplyResponse = z.object({ message: z.string(), thread: ZThreadDetail });

export const ZLabelRequest = z.object({ label: ZLeadLabel.nullable() });

export const ZSuggestionResponse = z.object({
  text: z.string(),
  /** model: written by the AI model; draft: composed offline from the lead's own words, to be edited. */
  source: z.enum(['model', 'draft']),
});
export type TSuggestionResponse = z.infer<typeof ZSuggestionResponse>;
