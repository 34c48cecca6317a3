import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { lists } from './leads';
import { linkedinAccounts } from './linkedin-accounts';
import { messageTemplates } from './message-templates';
import { users } from './users';

/** Stored campaign states; answers show them in the spec's words (Draft, On Going, Campaign Paused …). */
export const CAMPAIGN_STATES = ['draft', 'running', 'paused', 'finished', 'failed'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/**
 * An outreach campaign over the leads of one list. The counters (`lead_count`, `steps_total`,
 * `steps_done`, `messages_pending`) are kept in the same transactions that change what they count, so
 * the campaign list never counts rows.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list the leads were copied from; it shows "In a campaign" while the campaign is not over. */
    listId: bigint('list_id', { mode: 'number' }).references(() => lists.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    source: text('source').notNull().default('LinkedIn'),
    goal: text('goal').notNull(),
    tone: text('tone').notNull(),
    /** The value the client sent (spec §5: 7, 1 or 2) and the window in days its label promised. */
    engagementValue: integer('engagement_value').notNull(),
    engagementWindowDays: integer('engagement_window_days').notNull(),
    /** 1–3: the spec's templates; 0: the user's own template, copied below. */
    templateId: integer('template_id').notNull(),
    /** The user's own template it was made with (null once that template is deleted). */
    messageTemplateId: bigint('message_template_id', { mode: 'number' }).references(
      () => messageTemplates.id,
      { onDelete: 'set null' },
    ),
    /** The user's template as it was at creation (null for the spec's templates): the writers use this copy. */
    templateName: text('template_name'),
    templateText: text('template_text'),
    connectionRequestsPerDay: integer('connection_requests_per_day').notNull(),
    withdrawAfterDays: integer('withdraw_after_days').notNull(),
    sendTime: text('send_time').notNull(),
    timezoneLabel: text('timezone_label').notNull(),
    /** IANA zone of the label: working hours and daily caps are counted in it. */
    timeZone: text('time_zone').notNull(),
    excludeFirstDegree: boolean('exclude_first_degree').notNull(),
    excludeNoPicture: boolean('exclude_no_picture').notNull(),
    /** The action plan as the client sent it (validated against the spec's plan). */
    actions: jsonb('actions').$type<{ action: string; day: number }[]>().notNull(),
    status: text('status', { enum: CAMPAIGN_STATES }).notNull().default('draft'),
    /** Why the campaign paused or failed (shown to the user), else empty. */
    statusReason: text('status_reason').notNull().default(''),
    isSelected: boolean('is_selected').notNull().default(false),
    leadCount: integer('lead_count').notNull().default(0),
    /** Plan steps of all leads (PLAN_STEPS per lead) and those passed: Campaign Progress is their ratio. */
    stepsTotal: integer('steps_total').notNull().default(0),
    stepsDone: integer('steps_done').notNull().default(0),
    /** Leads whose messages are still being written ("Loading" in Your Communication). */
    messagesPending: integer('messages_pending').notNull().default(0),
    /** Leads in a final state (replied, withdrawn, finished, skipped, failed): all of them ends the campaign. */
    leadsDone: integer('leads_done').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The plan's day 0 (the first launch); a resume moves it on by the time spent paused. */
    launchedAt: timestamp('launched_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('campaigns_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('campaigns_list_idx').on(table.listId),
    // The messages sweep reads only campaigns whose messages are still being written.
    index('campaigns_messages_pending_idx').on(table.updatedAt).where(sql`${table.messagesPending} > 0`),
  ],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/** Stored lead states, answered as the spec's lead statuses (Pending, Viewed Profile …). */
export const CAMPAIGN_LEAD_STATES = [
  'pending',
  'viewed_profile',
  'post_liked',
  'post_commented',
  'invitation_sent',
  'request_accepted',
  'follow_up_1_sent',
  'follow_up_2_sent',
  'replied',
  'withdrawn',
  'finished',
  'skipped',
  'failed',
] as const;
export type CampaignLeadState = (typeof CAMPAIGN_LEAD_STATES)[number];
/** States after which nothing more happens to a lead. */
export const FINAL_LEAD_STATES: readonly CampaignLeadState[] = [
  'replied',
  'withdrawn',
  'finished',
  'skipped',
  'failed',
];

/** What the user made of a lead's answers in the inbox (Engagement); analytics counts them per campaign. */
export const LEAD_LABELS = ['interested', 'not_interested', 'meeting_booked', 'later'] as const;
export type LeadLabel = (typeof LEAD_LABELS)[number];

export const MESSAGE_STATES = ['writing', 'ready', 'failed'] as const;
export const APPROVAL_STATES = ['pending', 'approved', 'skipped'] as const;

/** Steps of the plan counted for Campaign Progress: view, like, comment, invite, follow-up 1, follow-up 2, end. */
export const PLAN_STEPS = 7;

/**
 * A lead copied into a campaign when it was created (later edits of the list do not change a running
 * campaign), with its messages, their approval, and what the engine learned along the way.
 */
export const campaignLeads = pgTable(
  'campaign_leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** The list lead it was copied from (no foreign key: deleting the list later keeps the campaign). */
    leadId: bigint('lead_id', { mode: 'number' }),
    name: text('name').notNull().default(''),
    headline: text('headline').notNull().default(''),
    location: text('location').notNull().default(''),
    company: text('company').notNull().default(''),
    connectionDegree: text('connection_degree').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull(),
    profileImageUrl: text('profile_image_url'),
    /** Learned when the profile is viewed. */
    profileUrn: text('profile_urn'),
    industry: text('industry'),
    /** The most recent post found within the engagement window, when there is one. */
    postUrn: text('post_urn'),
    postText: text('post_text'),
    invitationUrn: text('invitation_urn'),
    invitationSentAt: timestamp('invitation_sent_at', { withTimezone: true }),
    isSelected: boolean('is_selected').notNull().default(false),
    state: text('state', { enum: CAMPAIGN_LEAD_STATES }).notNull().default('pending'),
    stateReason: text('state_reason').notNull().default(''),
    messagesState: text('messages_state', { enum: MESSAGE_STATES }).notNull().default('writing'),
    connectionNote: text('connection_note'),
    followUp1: text('follow_up_1'),
    followUp2: text('follow_up_2'),
    /** Written when the comment step reads the post. */
    comment: text('comment'),
    approval: text('approval', { enum: APPROVAL_STATES }).notNull().default('pending'),
    /** Plan steps passed (0 to PLAN_STEPS); a lead that ends early counts them all. */
    stepsDone: integer('steps_done').notNull().default(0),
    /** The inbox's label on the lead (null: none yet) and when it was set. */
    label: text('label', { enum: LEAD_LABELS }),
    labelledAt: timestamp('labelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaign_leads_campaign_idx').on(table.campaignId, table.id),
    // Analytics counts the inbox's labels of a period (modules/analytics/funnel-query.ts).
    index('campaign_leads_labelled_idx')
      .on(table.userId, table.label, table.labelledAt)
      .where(sql`${table.label} is not null`),
    uniqueIndex('campaign_leads_campaign_url_key').on(table.campaignId, table.linkedinUrl),
    index('campaign_leads_writing_idx')
      .on(table.campaignId, table.id)
      .where(sql`${table.messagesState} = 'writing'`),
    index('campaign_leads_pending_approval_idx')
      .on(table.campaignId)
      .where(sql`${table.approval} = 'pending'`),
    // The campaign list counts failed and skipped leads through this (few rows per campaign).
    index('campaign_leads_ended_early_idx')
      .on(table.campaignId, table.state)
      .where(sql`${table.state} IN ('failed', 'skipped')`),
  ],
);
export type CampaignLeadRow = typeof campaignLeads.$inferSelect;

/** What the engine does for a lead, in plan order. */
export const OUTREACH_ACTIONS = [
  'view_profile',
  'like_post',
  'comment_post',
  'send_invitation',
  /** Withdraw-after days past the invitation: accepted, or withdrawn if still pending. */
  'check_invitation',
  'follow_up_1',
  'follow_up_2',
  /** Day 42: a last look for a reply before the lead is finished. */
  'check_reply',
] as const;
export type OutreachAction = (typeof OUTREACH_ACTIONS)[number];

/**
 * scheduled: waits for due_at; paused: its campaign is paused; running: claimed by a runner (if the
 * runner died, it is reconciled by reading LinkedIn before anything is sent again); then done, skipped
 * or failed.
 */
export const STEP_STATES = ['scheduled', 'paused', 'running', 'done', 'skipped', 'failed'] as const;
export type StepState = (typeof STEP_STATES)[number];

/** One action of one lead: claimed before the LinkedIn call and settled after, so nothing is sent twice. */
export const outreachSteps = pgTable(
  'outreach_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignLeadId: bigint('campaign_lead_id', { mode: 'number' })
      .notNull()
      .references(() => campaignLeads.id, { onDelete: 'cascade' }),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    action: text('action', { enum: OUTREACH_ACTIONS }).notNull(),
    state: text('state', { enum: STEP_STATES }).notNull().default('scheduled'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempt: integer('attempt').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** What happened, read back from LinkedIn (or why it failed). */
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('outreach_steps_lead_action_key').on(table.campaignLeadId, table.action),
    // The sweep reads only this: steps waiting to run, by due time.
    index('outreach_steps_due_idx').on(table.dueAt, table.accountId).where(sql`${table.state} = 'scheduled'`),
    index('outreach_steps_account_due_idx')
      .on(table.accountId, table.dueAt)
      .where(sql`${table.state} = 'scheduled'`),
    index('outreach_steps_running_idx').on(table.accountId).where(sql`${table.state} = 'running'`),
    index('outreach_steps_campaign_state_idx').on(table.campaignId, table.state),
  ],
);
export type OutreachStepRow = typeof outreachSteps.$inferSelect;

/**
 * Every action taken on a user's behalf; also what the daily caps count, so its rows outlive a deleted
 * campaign (the account's caps must still see what was sent today).
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => linkedinAccounts.id, { onDelete: 'set null' }),
    /** Null once the campaign is deleted: campaign_name then says which campaign it was. */
    campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id, {
      onDelete: 'set null',
    }),
    campaignLeadId: bigint('campaign_lead_id', { mode: 'number' }).references(() => campaignLeads.id, {
      onDelete: 'set null',
    }),
    /**
     * The campaign's name, and the lead's name and profile, written when the campaign is deleted (null
     * while it exists: its live name, renames included, is read through campaign_id).
     */
    campaignName: text('campaign_name'),
    leadName: text('lead_name'),
    leadLinkedinUrl: text('lead_linkedin_url'),
    action: text('action', { enum: OUTREACH_ACTIONS }).notNull(),
    /** Human text of what happened, shown in the side panel. */
    outcome: text('outcome').notNull(),
    /**
     * The outreach funnel's stage this action reached (FUNNEL_STAGE_CODES), worked out by the database from
     * the action and, for an accepted request or a reply, the outcome the engine writes
     * (modules/outreach: invitation-actions.ts, message-actions.ts); 0 for the other checks. Kept so
     * analytics counts stages off an index alone.
     */
    funnelStage: smallint('funnel_stage')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE
          WHEN action = 'view_profile' THEN 1
          WHEN action = 'like_post' THEN 2
          WHEN action = 'comment_post' THEN 3
          WHEN action = 'send_invitation' THEN 4
          WHEN action = 'check_invitation' AND outcome = 'The connection request was accepted' THEN 5
          WHEN action = 'follow_up_1' THEN 6
          WHEN action = 'check_reply' AND starts_with(outcome, 'Reply received:') THEN 7
          ELSE 0 END`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_log_lead_idx').on(table.campaignLeadId, table.createdAt.desc()),
    index('activity_log_account_action_idx').on(table.accountId, table.action, table.createdAt),
    index('activity_log_campaign_action_idx').on(table.campaignId, table.action, table.createdAt),
    // Analytics reads a user's actions of a period off this range alone (an index-only scan): every column
    // it counts by is in the key, so no table page is read however many actions the period holds.
    index('activity_log_user_funnel_idx').on(
      table.userId,
      table.createdAt,
      table.funnelStage,
      table.campaignId,
      table.accountId,
      table.campaignLeadId,
      table.campaignName,
      table.leadLinkedinUrl,
    ),
    // The log rows of no campaign lead (a deleted campaign's, told apart by the lead's profile address):
    // the outreach rollup's triggers find a lead's actions here when they must count its span again.
    index('activity_log_unlinked_lead_idx')
      .on(table.userId, table.leadLinkedinUrl, table.createdAt)
      .where(sql`${table.campaignLeadId} is null`),
  ],
);
export type ActivityLogRow = typeof activityLog.$inferSelect;

/**
 * activity_log.funnel_stage: the stages analytics counts, each lead reaching each at most once (one step
 * row per lead and action; messaged is the first follow-up).
 */
export const FUNNEL_STAGE_CODES = {
  viewed: 1,
  liked: 2,
  commented: 3,
  invited: 4,
  accepted: 5,
  messaged: 6,
  replied: 7,
} as const;
