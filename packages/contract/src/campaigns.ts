import { ZId } from './leads';
import { z } from './messages';

/** Spec §8 and §5: the texts the client and the server show for campaigns. */
export const CAMPAIGN_MESSAGES = {
  selectList: 'Please select a list',
  giveName: 'Give a name to the campaign',
  selectGoal: 'Select a campaign goal',
  selectTone: 'Select a tone for messages',
  selectEngagementDays: 'Select the days to engage with leads post',
  selectTemplate: 'Select a message template',
  connectionRequestsRange: 'Connection requests per day must be a number from 1 to 10',
  withdrawAfterRange: 'Withdraw connection requests after must be a number of days from 1 to 7',
  selectTimezone: 'Select a time zone',
  selectSendTime: 'Select when to send messages',
  invalidActions: 'actions must be the campaign plan of spec §7 (action and day of every step)',
  invalidSource: 'source must be LinkedIn',
  createFailed: "Can't create campaign",
  created: 'Campaign Created',
  launched: 'Campaign Launched',
  paused: 'Campaign Paused',
  renamed: 'Campaign Renamed',
  errorOccured: 'Error occured',
  notEnoughCredits: 'Not enough credits: creating a campaign costs 50 credits',
  noLeadsLeft: 'No leads are left in this list after the exclusions',
  listInCampaign: 'This list is already in a campaign',
  listImporting: 'This list is still importing',
  messagesLoading: 'Messages are still being written',
  unapprovedMessages: 'Some messages are not approved yet',
  noApprovedLeads: 'Approve at least one message before launching',
  campaignFinished: 'This campaign has finished',
  messageApproved: 'Message Approved',
  messageSkipped: 'Message Skipped',
  messageUpdated: 'Message Updated',
  allApproved: 'All Messages Approved',
  campaignNotFound: 'Campaign not found',
  leadNotFound: 'Campaign lead not found',
  linkedinExpired: 'Your LinkedIn session has expired: save a new li_at to go on',
  linkedinChallenge:
    'LinkedIn asks for a security check: open LinkedIn in your browser, pass the check, then save a new li_at',
  templateNotFound: 'Message template not found',
  templateSaved: 'Template Saved',
  templateDeleted: 'Template Deleted',
  templateNameTaken: 'You already have a template with this name',
  templateNameBuiltIn: "One of the app's three templates already has this name",
  templateLimit: 'You can keep up to 50 templates: delete one first',
  giveTemplateName: 'Give a name to the template',
  writeTemplateText: 'Write the text of the template',
  campaignFailed: 'This campaign has failed and cannot be launched again',
  notRunning: 'Only a running campaign can be paused',
  campaignDeleted: 'Campaign Deleted',
  deleteRunning: 'This campaign is running: pause it first, then delete it',
  deleteActionUnderWay:
    'The campaign is finishing an action on LinkedIn: try again in a minute, once it is recorded',
  messagesFailed: "This lead's messages could not be written: skip the lead",
  skipAfterStart: 'Only a lead no action was taken on yet can be skipped',
  restoreWhileRunning: 'A skipped lead can be brought back only while the campaign is Draft or Paused',
  connectionNoteSent: 'The connection request has been sent: its note can no longer be changed',
  followUp1Sent: 'Follow-up 1 has been sent: it can no longer be changed',
  followUp2Sent: 'Follow-up 2 has been sent: it can no longer be changed',
  campaignSelected: 'Campaign selected',
  campaignUnselected: 'Campaign unselected',
  leadSelected: 'Lead selected',
  leadUnselected: 'Lead unselected',
} as const;

/** Spec §9. */
export const CAMPAIGN_COST_CREDITS = 50;
export const CONNECTION_REQUESTS_PER_DAY = { min: 1, max: 10 } as const;
export const WITHDRAW_AFTER_DAYS = { min: 1, max: 7 } as const;
export const CAMPAIGN_NAME_MAX = 100;
/** LinkedIn refuses invitation notes longer than this. */
export const CONNECTION_NOTE_MAX = 300;
export const FOLLOW_UP_MAX = 2000;
export const COMMENT_MAX = 1250;

/** Spec §5 options. */
export const CAMPAIGN_GOALS = ['Book a Meeting', 'Form a Connection', 'Advertise a Product'] as const;
export const MESSAGE_TONES = [
  'Friendly, Approachable',
  'Conversational, Engaging',
  'Urgent, Action-Oriented',
  'Casual, Light-Hearted',
  'Professional, Formal',
  'Authoritative, Expert',
] as const;
/**
 * Spec §5: the labels and the values do not match (Last 3 days carries 7, Last 7 days 1, Last 15 days 2);
 * the value is sent with " days". The server reads the value back as the window the label promised.
 */
export const ENGAGEMENT_WINDOWS = [
  { label: 'Last 3 days', value: 7, windowDays: 3 },
  { label: 'Last 7 days', value: 1, windowDays: 7 },
  { label: 'Last 15 days', value: 2, windowDays: 15 },
] as const;
export const SEND_TIMES = ['Weekdays during working hours'] as const;
/** Working hours in the campaign's time zone, Monday to Friday. */
export const WORKING_HOURS = { startHour: 9, endHour: 18 } as const;

/** The time zone select: the spec's default first, each label with the zone it means. */
export const CAMPAIGN_TIMEZONES = [
  { label: '(IST) Indian Standard Time', zone: 'Asia/Kolkata' },
  { label: '(GMT) Greenwich Mean Time', zone: 'Europe/London' },
  { label: '(CET) Central European Time', zone: 'Europe/Paris' },
  { label: '(EET) Eastern European Time', zone: 'Europe/Athens' },
  { label: '(GST) Gulf Standard Time', zone: 'Asia/Dubai' },
  { label: '(PKT) Pakistan Standard Time', zone: 'Asia/Karachi' },
  { label: '(SGT) Singapore Time', zone: 'Asia/Singapore' },
  { label: '(CST) China Standard Time', zone: 'Asia/Shanghai' },
  { label: '(JST) Japan Standard Time', zone: 'Asia/Tokyo' },
  { label: '(AEST) Australian Eastern Time', zone: 'Australia/Sydney' },
  { label: '(NZST) New Zealand Time', zone: 'Pacific/Auckland' },
  { label: '(EST) Eastern Time (US & Canada)', zone: 'America/New_York' },
  { label: '(CST) Central Time (US & Canada)', zone: 'America/Chicago' },
  { label: '(MST) Mountain Time (US & Canada)', zone: 'America/Denver' },
  { label: '(PST) Pacific Time (US & Canada)', zone: 'America/Los_Angeles' },
  { label: '(BRT) Brasilia Time', zone: 'America/Sao_Paulo' },
  { label: '(SAST) South Africa Standard Time', zone: 'Africa/Johannesburg' },
  { label: '(UTC) Coordinated Universal Time', zone: 'UTC' },
] as const;
export const timezoneOf = (label: string): string | null =>
  CAMPAIGN_TIMEZONES.find((entry) => entry.label === label)?.zone ?? null;

/** Spec §3 templates; `description` is what create_campaign receives as `message`. */
export const MESSAGE_TEMPLATES = [
  {
    id: 1,
    text: 'Compliment, Relate and Sell',
    description:
      'Open with a sincere compliment on their work, relate it to a challenge you both know, then offer how you can help.',
  },
  {
    id: 2,
    text: 'Asking Engaging Questions then Sell',
    description:
      'Ask a thoughtful question about their role or recent post, listen for the need, then bring in your offer.',
  },
  {
    id: 3,
    text: 'AI Written, With a human touch',
    description:
      'Let AI write a short, personal message from their profile, kept warm and human, ending with a soft ask.',
  },
] as const;
export type TMessageTemplate = (typeof MESSAGE_TEMPLATES)[number];
export const templateByDescription = (description: string): TMessageTemplate | null =>
  MESSAGE_TEMPLATES.find((template) => template.description === description.trim()) ?? null;

/**
 * A spec template named the way create_campaign's `message` may name it: its description (what the
 * spec's client sends), its name in any letter case, or its id (1–3, as a number or a numeric string).
 */
export const builtInTemplateOf = (message: string | number): TMessageTemplate | null => {
  const text = String(message).trim();
  return (
    templateByDescription(text) ??
    MESSAGE_TEMPLATES.find(
      (template) => template.text.toLowerCase() === text.toLowerCase() || String(template.id) === text,
    ) ??
    null
  );
};

/** The lead and sender details a user's own template may use, as {name} in its text. */
export const TEMPLATE_VARIABLES = [
  { name: 'first_name', meaning: "the lead's first name", fallback: 'there' },
  { name: 'role', meaning: "the lead's job title, from the headline", fallback: 'your role' },
  { name: 'company', meaning: "the lead's company", fallback: 'your company' },
  { name: 'industry', meaning: "the lead's industry", fallback: 'your field' },
  { name: 'city', meaning: "the lead's city", fallback: 'your city' },
  {
    name: 'recent_post',
    meaning: "the opening words of the lead's recent post",
    fallback: 'your recent post',
  },
  {
    name: 'research',
    meaning: 'the first talking point of your Prospect Research card on the lead (nothing when it has none)',
    fallback: '',
  },
  { name: 'sender_name', meaning: 'your first name (or your company)', fallback: 'the team' },
  { name: 'sender_company', meaning: 'your company', fallback: 'our team' },
] as const;
export type TTemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['name'];
export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATE_TEXT_MAX = 1000;
export const OWN_TEMPLATES_MAX = 50;

/** The {names} in a template's text that are not variables (so a typo is caught when it is saved). */
export const unknownTemplateVariables = (text: string): string[] => {
  const known = new Set<string>(TEMPLATE_VARIABLES.map((variable) => variable.name));
  const used = [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => (match[1] ?? '').trim());
  return [...new Set(used.filter((name) => !known.has(name)))];
};

const templateVariableHint = TEMPLATE_VARIABLES.map((variable) => `{${variable.name}}`).join(', ');

/** A user's own template, as message_templates lists it. */
export const ZOwnMessageTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string().describe('guidance text with {variables}'),
  created_at: z.string().describe('ISO 8601'),
});
export type TOwnMessageTemplate = z.infer<typeof ZOwnMessageTemplate>;

export const ZMessageTemplatesResponse = z.object({
  templates: z.array(ZOwnMessageTemplate).describe("the caller's own templates, oldest first"),
});
export type TMessageTemplatesResponse = z.infer<typeof ZMessageTemplatesResponse>;

/** save_message_template: a new template, or (with id) a new name and text for one of the caller's. */
export const ZSaveMessageTemplateRequest = z.object({
  id: ZId.optional().describe('absent: a new template'),
  name: z
    .string(CAMPAIGN_MESSAGES.giveTemplateName)
    .trim()
    .min(1, CAMPAIGN_MESSAGES.giveTemplateName)
    .max(TEMPLATE_NAME_MAX, `The template name must be at most ${TEMPLATE_NAME_MAX} characters`),
  text: z
    .string(CAMPAIGN_MESSAGES.writeTemplateText)
    .trim()
    .min(1, CAMPAIGN_MESSAGES.writeTemplateText)
    .max(TEMPLATE_TEXT_MAX, `The template text must be at most ${TEMPLATE_TEXT_MAX} characters`)
    .superRefine((text, ctx) => {
      const unknown = unknownTemplateVariables(text);
      if (unknown.length === 0) return;
      ctx.addIssue({
        code: 'custom',
        message: `Unknown variable ${unknown.map((name) => `{${name}}`).join(', ')}: the variables are ${templateVariableHint}`,
      });
    }),
});
export type TSaveMessageTemplateRequest = z.input<typeof ZSaveMessageTemplateRequest>;
export const ZSaveMessageTemplateResponse = z.object({ message: z.string(), template: ZOwnMessageTemplate });
export type TSaveMessageTemplateResponse = z.infer<typeof ZSaveMessageTemplateResponse>;

/** Spec §7: the action plan the client sends with create_campaign, step by step. */
export const CAMPAIGN_ACTIONS = [
  { action: 'view profile', day: 0 },
  { action: 'like most recent post', day: 7 },
  { action: 'comment', day: 14 },
  { action: 'send connect request with custom message', day: 21 },
  { action: 'request not accepted', day: 28 },
  { action: 'request accepted', day: 28 },
  { action: 'follow up message 1', day: 28 },
  { action: 'reply received', day: 35 },
  { action: 'end', day: 35 },
  { action: 'reply not received', day: 35 },
  { action: 'follow up message 2', day: 35 },
  { action: 'reply received', day: 42 },
  { action: 'reply not received', day: 42 },
  { action: 'end', day: 42 },
] as const;

/** Spec §4 campaign statuses (and their colours in the client). */
export const CAMPAIGN_STATUSES = ['Draft', 'On Going', 'Campaign Paused', 'Finished', 'Failed'] as const;
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type TCampaignStatus = z.infer<typeof ZCampaignStatus>;

/** Spec §4 lead statuses, plus what a user needs to read the rest of the plan. */
export const CAMPAIGN_LEAD_STATUSES = [
  'Pending',
  'Viewed Profile',
  'Post Liked',
  'Post Commented',
  'Invitation Sent',
  'Request Accepted',
  'Follow-up 1 Sent',
  'Follow-up 2 Sent',
  'Replied',
  'Request Withdrawn',
  'Finished',
  'Skipped',
  'Failed',
] as const;
export const ZCampaignLeadStatus = z.enum(CAMPAIGN_LEAD_STATUSES);
export type TCampaignLeadStatus = z.infer<typeof ZCampaignLeadStatus>;

/** Whether a lead's messages may be sent: approved, skipped (the lead is left out) or waiting. */
export const MESSAGE_APPROVALS = ['Pending', 'Approved', 'Skipped'] as const;
export const ZMessageApproval = z.enum(MESSAGE_APPROVALS);

/** "Your Communication" while the messages are being written (the client shows a spinner). */
export const COMMUNICATION_LOADING = 'Loading';

const ZOneBasedPage = z.coerce.number().int().min(1).default(1).describe('one-based');
const ZCampaignPageSize = z.coerce.number().int().min(1).max(100).default(10);
/** A 0/1 flag; its message names the field, as every validation message does. */
const ZFlag = (field: string) =>
  z.coerce
    .number(`${field} must be 0 or 1`)
    .int(`${field} must be 0 or 1`)
    .refine((value) => value === 0 || value === 1, `${field} must be 0 or 1`);

/** The client sends numbers or numeric strings; anything else (empty, out of range) gets the one message. */
const ZNumberInRange = (range: { min: number; max: number }, message: string) =>
  z.coerce.number(message).int(message).min(range.min, message).max(range.max, message);

const requiredText = (message: string, max = 200) =>
  z.string(message).trim().min(1, message).max(max, `must be at most ${max} characters`);

export const ZCampaignAction = z.object({
  action: z.string().trim().toLowerCase(),
  day: z.coerce.number().int().min(0).max(365),
});

/** Spec §7 create_campaign payload, in its field names. */
export const ZCreateCampaignRequest = z.object({
  campaign_name: requiredText(CAMPAIGN_MESSAGES.giveName, CAMPAIGN_NAME_MAX),
  source: z
    .string(CAMPAIGN_MESSAGES.invalidSource)
    .trim()
    .refine((value) => value.toLowerCase() === 'linkedin', CAMPAIGN_MESSAGES.invalidSource),
  campaign_goal: z.enum(CAMPAIGN_GOALS, CAMPAIGN_MESSAGES.selectGoal),
  message_tone: z.enum(MESSAGE_TONES, CAMPAIGN_MESSAGES.selectTone),
  days_post_engagement: z
    .string(CAMPAIGN_MESSAGES.selectEngagementDays)
    .trim()
    .refine(
      (value) => ENGAGEMENT_WINDOWS.some((window) => `${window.value} days` === value),
      CAMPAIGN_MESSAGES.selectEngagementDays,
    ),
  message: z
    .union([z.string(), z.number()], CAMPAIGN_MESSAGES.selectTemplate)
    .optional()
    .describe(
      "the template: a spec template's description, name or id (1–3), or the name of one of the caller's own templates",
    )
    .refine((value) => value === undefined || String(value).trim() !== '', CAMPAIGN_MESSAGES.selectTemplate),
  message_template_id: ZId.optional().describe(
    "one of the caller's own templates (message_templates); takes the place of message",
  ),
  connection_request_per_day: ZNumberInRange(
    CONNECTION_REQUESTS_PER_DAY,
    CAMPAIGN_MESSAGES.connectionRequestsRange,
  ),
  withdraw_after: ZNumberInRange(WITHDRAW_AFTER_DAYS, CAMPAIGN_MESSAGES.withdrawAfterRange),
  time: z.enum(SEND_TIMES, CAMPAIGN_MESSAGES.selectSendTime),
  timezone: z
    .string(CAMPAIGN_MESSAGES.selectTimezone)
    .refine((value) => timezoneOf(value) !== null, CAMPAIGN_MESSAGES.selectTimezone),
  list_id: z.coerce
    .number(CAMPAIGN_MESSAGES.selectList)
    .int(CAMPAIGN_MESSAGES.selectList)
    .min(1, CAMPAIGN_MESSAGES.selectList),
  connection_degree: ZFlag('connection_degree').describe('1: leave out 1st-degree connections'),
  isProfilePic: ZFlag('isProfilePic').describe('1: leave out prospects without a profile picture'),
  actions: z.array(ZCampaignAction).max(50).describe('the action plan: every step of CAMPAIGN_ACTIONS'),
});
export type TCreateCampaignRequest = z.input<typeof ZCreateCampaignRequest>;
export type TCreateCampaignInput = z.output<typeof ZCreateCampaignRequest>;

export const ZCreateCampaignResponse = z.object({
  message: z.string(),
  campaign_id: z.number().int(),
  credits: z.number().int().describe('the balance after paying for the campaign'),
});
export type TCreateCampaignResponse = z.infer<typeof ZCreateCampaignResponse>;

/** Error answer of create_campaign when the LinkedIn session is missing or expired (the li_at dialog opens). */
export const ZExpiredErrorBody = z.object({ error: z.string(), message: z.string(), expired: z.boolean() });

/**
 * 409 of create_campaign and launch_campaign when LinkedIn refuses the account: linkedin_expired (with
 * expired: true: the li_at dialog), linkedin_throttled (retry_at: when the rest ends) or linkedin_challenge.
 */
export const ZLinkedInRefusalBody = z.object({
  error: z.string(),
  message: z.string(),
  expired: z.boolean().optional().describe('true only when the LinkedIn session has expired'),
  retry_at: z.string().optional().describe('linkedin_throttled: when outreach may start again, ISO 8601'),
});

/** Spec §3 Campaign (list row), field for field. */
export const ZCampaign = z.object({
  ID: z.number().int(),
  IsSelected: z.boolean(),
  'Campaign List': z.string().describe('the campaign name'),
  TimeStamp: z.string().describe('creation time, ISO 8601'),
  Status: ZCampaignStatus,
  'Status Reason': z.string().describe('why the campaign paused or failed, else empty'),
  'Leads Count': z.number().int(),
  'Outreach Via': z.string(),
  'Campaign Goal': z.string(),
  'Campaign Progress': z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe("percent of the campaign's steps done since its launch (a Draft is at 0)"),
  'Failed Leads': z.number().int().describe('leads that failed (their reasons are in their status reason)'),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZFetchCampaignsQuery = z.object({ page: ZOneBasedPage, limit: ZCampaignPageSize });
export type TFetchCampaignsQuery = z.input<typeof ZFetchCampaignsQuery>;
export const ZFetchCampaignsResponse = z.object({ campaigns: z.array(ZCampaign), total: z.number().int() });
export type TFetchCampaignsResponse = z.infer<typeof ZFetchCampaignsResponse>;

export const ZSearchCampaignsQuery = z.object({
  query: z
    .string()
    .trim()
    .max(CAMPAIGN_NAME_MAX, `query must be at most ${CAMPAIGN_NAME_MAX} characters`)
    .default(''),
});
export type TSearchCampaignsQuery = z.input<typeof ZSearchCampaignsQuery>;
export const ZSearchCampaignsResponse = z.object({ lists: z.array(ZCampaign) });
export type TSearchCampaignsResponse = z.infer<typeof ZSearchCampaignsResponse>;

export const ZCampaignIdRequest = z.object({ id: ZId });
export type TCampaignIdRequest = z.input<typeof ZCampaignIdRequest>;
export const ZSelectCampaignResponse = z.object({ message: z.string(), IsSelected: z.boolean() });
export type TSelectCampaignResponse = z.infer<typeof ZSelectCampaignResponse>;

export const ZRenameCampaignRequest = z.object({
  id: ZId,
  name: requiredText(CAMPAIGN_MESSAGES.giveName, CAMPAIGN_NAME_MAX),
});
export type TRenameCampaignRequest = z.input<typeof ZRenameCampaignRequest>;

/** launch_campaign: what to do with leads whose messages are not approved yet (spec §4 launch dialog). */
export const ZLaunchCampaignRequest = z.object({
  id: ZId,
  unapproved: z
    .enum(['approve', 'skip'])
    .optional()
    .describe('approve: approve them all and start; skip: leave them out; absent: refuse while any waits'),
});
export type TLaunchCampaignRequest = z.input<typeof ZLaunchCampaignRequest>;

/** Spec §3 campaign lead row, field for field, plus the approval of its messages. */
export const ZCampaignLead = z.object({
  ID: z.number().int(),
  IsSelected: z.union([z.literal(0), z.literal(1)]),
  'Profile Image URL': z.string().describe('"None" when the lead has no picture'),
  Leads: z.string().describe('the lead name'),
  Headline: z.string(),
  'Connection Degree': z.string(),
  'Your Communication': z.string().describe('the connection note, or "Loading" while it is being written'),
  Status: ZCampaignLeadStatus,
  Approval: ZMessageApproval,
  'Linkedin URL': z.string(),
});
export type TCampaignLead = z.infer<typeof ZCampaignLead>;

/** What step 6 needs to know of the campaign itself, beside its leads. */
export const ZCampaignSummary = ZCampaign.extend({
  'Messages Ready': z.boolean().describe('false while messages are being written'),
  'Pending Approval': z.number().int().describe('leads whose messages wait for approval'),
  'Connection Requests Per Day': z.number().int(),
  'Withdraw After': z.number().int(),
  Timezone: z.string(),
  Template: z.string().describe("the message template's name"),
});
export type TCampaignSummary = z.infer<typeof ZCampaignSummary>;

export const ZCampaignLeadsQuery = z.object({ id: ZId, page: ZOneBasedPage, limit: ZCampaignPageSize });
export type TCampaignLeadsQuery = z.input<typeof ZCampaignLeadsQuery>;
export const ZCampaignLeadsResponse = z.object({
  result: z.array(ZCampaignLead),
  total: z.number().int(),
  campaign_name: z.string(),
  campaign: ZCampaignSummary,
});
export type TCampaignLeadsResponse = z.infer<typeof ZCampaignLeadsResponse>;

export const ZSelectCampaignLeadResponse = z.object({
  message: z.string(),
  IsSelected: z.union([z.literal(0), z.literal(1)]),
});
export type TSelectCampaignLeadResponse = z.infer<typeof ZSelectCampaignLeadResponse>;

/** The messages written for one lead. */
export const ZLeadMessages = z.object({
  connection_note: z
    .string()
    .max(CONNECTION_NOTE_MAX, `connection_note must be at most ${CONNECTION_NOTE_MAX} characters`),
  follow_up_1: z.string().max(FOLLOW_UP_MAX, `follow_up_1 must be at most ${FOLLOW_UP_MAX} characters`),
  follow_up_2: z.string().max(FOLLOW_UP_MAX, `follow_up_2 must be at most ${FOLLOW_UP_MAX} characters`),
});
export type TLeadMessages = z.infer<typeof ZLeadMessages>;

/** One action taken on the user's behalf, as the side panel lists it. */
export const ZLeadActivity = z.object({
  at: z.string().describe('ISO 8601'),
  action: z.string().describe('e.g. "Viewed profile", "Sent connection request"'),
  outcome: z.string().describe('what LinkedIn answered, read back'),
});
export type TLeadActivity = z.infer<typeof ZLeadActivity>;

export const ZCampaignLeadDetail = z.object({
  lead: ZCampaignLead,
  messages: ZLeadMessages.nullable().describe('null while the messages are being written'),
  comment: z.string().nullable().describe('the comment left on the recent post, once written'),
  status_reason: z.string(),
  activity: z.array(ZLeadActivity).describe('newest first'),
});
export type TCampaignLeadDetail = z.infer<typeof ZCampaignLeadDetail>;

/** Edit Message: new texts for a lead (any left out stay); editing approves nothing by itself. */
export const ZUpdateLeadMessagesRequest = ZLeadMessages.partial().extend({
  id: ZId.describe('campaign lead id'),
});
export type TUpdateLeadMessagesRequest = z.input<typeof ZUpdateLeadMessagesRequest>;

/** A lead of a campaign (approve_lead_message, skip_lead_message, campaign_lead take its id). */
export const ZCampaignLeadIdRequest = z.object({ id: ZId.describe('campaign lead id') });
export type TCampaignLeadIdRequest = z.input<typeof ZCampaignLeadIdRequest>;

/** Answer of launch_campaign and pause_campaign: the toast text and the campaign's new status. */
export const ZCampaignStateResponse = z.object({ message: z.string(), Status: ZCampaignStatus });
export type TCampaignStateResponse = z.infer<typeof ZCampaignStateResponse>;

export const ZApproveAllResponse = z.object({
  message: z.string(),
  approved: z.number().int().describe('leads whose messages this call approved'),
});
export type TApproveAllResponse = z.infer<typeof ZApproveAllResponse>;

/** Step 2: how many of a list's leads a campaign would take with the chosen exclusions. */
export const ZCampaignLeadCountQuery = z.object({
  list_id: ZId,
  connection_degree: ZFlag('connection_degree').default(0),
  isProfilePic: ZFlag('isProfilePic').default(0),
});
export type TCampaignLeadCountQuery = z.input<typeof ZCampaignLeadCountQuery>;
export const ZCampaignLeadCountResponse = z.object({
  leads: z.number().int().describe('leads the campaign would take'),
  total: z.number().int().describe("the list's leads before the exclusions"),
});
export type TCampaignLeadCountResponse = z.infer<typeof ZCampaignLeadCountResponse>;
