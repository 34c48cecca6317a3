import {
  ANALYTICS_CAMPAIGN_CHOICES,
  ANALYTICS_MESSAGES,
  MESSAGE_TEMPLATES,
  type TFunnelCounts,
  type TFunnelRow,
  type TOutreachAnalyticsResponse,
  type ZOutreachAnalyticsQuery,
  type z,
} from '@sales-assist/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { campaigns, linkedinAccounts, type UserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { accountsToday } from './accounts-today';
import { analyticsPeriod, analyticsZone, bucketsOf } from './analytics-period';
import type { FunnelRow } from './funnel-query';
import { funnelRows } from './funnel-rollup';

type Query = z.output<typeof ZOutreachAnalyticsQuery>;

const rate = (count: number, of: number) => ({
  count,
  of,
  percent: of > 0 ? Math.round((count / of) * 1000) / 10 : null,
});

const countsOf = (row: FunnelRow | undefined): TFunnelCounts => ({
  leads: Number(row?.leads ?? 0),
  viewed: Number(row?.viewed ?? 0),
  liked: Number(row?.liked ?? 0),
  commented: Number(row?.commented ?? 0),
  invited: Number(row?.invited ?? 0),
  accepted: Number(row?.accepted ?? 0),
  messaged: Number(row?.messaged ?? 0),
  replied: Number(row?.replied ?? 0),
  interested: Number(row?.interested ?? 0),
});

const withRates = (row: FunnelRow | undefined): TFunnelRow => {
  const counts = countsOf(row);
  return {
    ...counts,
    rates: {
      acceptance: rate(counts.accepted, counts.invited),
      reply: rate(counts.replied, counts.messaged),
    },
  };
};

const templateName = (row: FunnelRow): string => {
  if (row.template_id === null) return 'Deleted campaigns';
  return (
    MESSAGE_TEMPLATES.find((template) => template.id === row.template_id)?.text ??
    row.template_name ??
    'Your own template'
  );
};

/** Most leads reached first, then by name: the busiest rows on top of each table. */
const busiestFirst = <T extends TFunnelRow>(rows: T[], name: (row: T) => string): T[] =>
  rows.sort((a, b) => b.leads - a.leads || b.invited - a.invited || name(a).localeCompare(name(b)));

/** Every id asked for must be the caller's: another user's campaign or account answers 404, like a missing one. */
const checkOwnership = async (db: Db, userId: string, query: Query): Promise<void> => {
  const campaignIds = [...new Set(query.campaign_ids ?? [])];
  if (campaignIds.length > 0) {
    const mine = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), inArray(campaigns.id, campaignIds)));
    if (mine.length !== campaignIds.length) throw notFound(ANALYTICS_MESSAGES.campaignNotFound);
  }
  const accountIds = [...new Set(query.account_ids ?? [])];
  if (accountIds.length > 0) {
    const mine = await db
      .select({ id: linkedinAccounts.id })
      .from(linkedinAccounts)
      .where(and(eq(linkedinAccounts.userId, userId), inArray(linkedinAccounts.id, accountIds)));
    if (mine.length !== accountIds.length) throw notFound(ANALYTICS_MESSAGES.accountNotFound);
  }
};

/**
 * The outreach figures of a period for the signed-in user: the funnel with its rates, the same per
 * campaign, account, message template and tone, the time series of invitations, acceptances, messages and
 * replies, and each account's actions today against its caps. Every figure is counted by the database.
 */
export const outreachAnalytics = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: Pick<UserRow, 'id' | 'timeZone'>,
  query: Query,
): Promise<TOutreachAnalyticsResponse> => {
  const now = deps.clock.now();
  const period = analyticsPeriod(query, analyticsZone(query.zone, user.timeZone), now);
  await checkOwnership(deps.db, user.id, query);
  const filter = {
    userId: user.id,
    campaignIds: query.campaign_ids ?? [],
    accountIds: query.account_ids ?? [],
  };
  const buckets = bucketsOf(period);
  const [rows, today, campaignChoices] = await Promise.all([
    funnelRows(
      deps.db,
      filter,
      period,
      buckets.map((bucket) => bucket.start),
    ),
    accountsToday(deps.db, user.id, period, now),
    deps.db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(eq(campaigns.userId, user.id))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(ANALYTICS_CAMPAIGN_CHOICES),
  ]);
  const of = (set: FunnelRow['set']) => rows.filter((row) => row.set === set);
  const total = withRates(of('total')[0]);
  const byBucket = new Map(of('bucket').map((row) => [row.bucket, countsOf(row)]));
  return {
    period: { from: period.from, to: period.to, zone: period.zone, bucket: period.bucket },
    funnel: countsOf(of('total')[0]),
    rates: total.rates,
    by_campaign: busiestFirst(
      of('campaign').map((row) => ({
        campaign_id: row.campaign_id === null ? null : Number(row.campaign_id),
        name: row.campaign_name ?? 'Deleted campaign',
        ...withRates(row),
      })),
      (row) => row.name,
    ),
    by_account: busiestFirst(
      of('account').map((row) => ({
        account_id: row.account_id,
        name: row.account_name ?? 'Unlinked account',
        ...withRates(row),
      })),
      (row) => row.name,
    ),
    by_template: busiestFirst(
      of('template').map((row) => ({ template: templateName(row), ...withRates(row) })),
      (row) => row.template,
    ),
    by_tone: busiestFirst(
      of('tone').map((row) => ({ tone: row.tone ?? 'Deleted campaigns', ...withRates(row) })),
      (row) => row.tone,
    ),
    over_time: buckets.map((bucket, index) => {
      const counts = byBucket.get(index + 1);
      return {
        bucket: bucket.label,
        invited: counts?.invited ?? 0,
        accepted: counts?.accepted ?? 0,
        messaged: counts?.messaged ?? 0,
        replied: counts?.replied ?? 0,
      };
    }),
    accounts_today: today,
    campaigns: campaignChoices,
  };
};
