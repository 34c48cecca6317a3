import {
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The spans the outreach rollup counts in, in minutes: a quarter-hour, an hour, a UTC day and a week from
 * Monday 00:00 UTC (migration 0034's outreach_rollup_grains). A zone's midnights fall on a quarter-hour
 * (offsets such as +5:30 and +5:45 included), so any local day or week is a sum of weeks and days, less or
 * plus a few hours and quarter-hours at its edges.
 */
export const ROLLUP_GRAINS = { quarterHour: 15, hour: 60, day: 1440, week: 10080 } as const;

/**
 * activity_log's outreach actions counted per user, span (ROLLUP_GRAINS), campaign (or the deleted
 * campaign's name), account and funnel stage, kept by triggers on activity_log (migration
 * 0034_outreach_rollup), so Analytics sums a few thousand rows instead of counting every action. It
 * mirrors the log exactly: no foreign keys, a deleted user's, campaign's or account's rows follow their
 * log rows (deleted or re-keyed by the cascades, which the triggers see). Its key carries `actions`
 * (INCLUDE, migration 0036, which drizzle-kit cannot write), so Analytics sums it off the index alone.
 */
export const outreachCounts = pgTable(
  'outreach_counts',
  {
    userId: uuid('user_id').notNull(),
    grain: smallint('grain').notNull(),
    spanStart: timestamp('span_start', { withTimezone: true }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    campaignName: text('campaign_name'),
    accountId: uuid('account_id'),
    funnelStage: smallint('funnel_stage').notNull(),
    actions: integer('actions').notNull(),
  },
  (table) => [
    unique('outreach_counts_key')
      .on(
        table.userId,
        table.grain,
        table.spanStart,
        table.campaignId,
        table.campaignName,
        table.accountId,
        table.funnelStage,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * Each lead's first and last outreach action per campaign and account (the funnel's "leads reached"
 * counts distinct leads: a lead is reached in a period when one of its actions falls in it), kept by the
 * same triggers. A lead of a deleted campaign is known by its profile address, as activity_log keeps it.
 * The (user, last action) index carries first_at and the campaign and account (INCLUDE, migration 0036),
 * so the leads reached in a period are counted off the index alone.
 */
export const outreachLeadSpans = pgTable(
  'outreach_lead_spans',
  {
    userId: uuid('user_id').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    campaignName: text('campaign_name'),
    accountId: uuid('account_id'),
    campaignLeadId: bigint('campaign_lead_id', { mode: 'number' }),
    /** Only when campaign_lead_id is null (the lead of a deleted campaign). */
    leadLinkedinUrl: text('lead_linkedin_url'),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    actions: integer('actions').notNull(),
  },
  (table) => [
    unique('outreach_lead_spans_key')
      .on(
        table.userId,
        table.campaignId,
        table.campaignName,
        table.accountId,
        table.campaignLeadId,
        table.leadLinkedinUrl,
      )
      .nullsNotDistinct(),
    index('outreach_lead_spans_last_idx').on(table.userId, table.lastAt),
  ],
);
