import type { TAccountToday } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { OUTREACH_ACTIONS, type OutreachAction } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { DAILY_CAPS, WEEKLY_INVITATIONS } from '../outreach/caps';
import type { AnalyticsPeriod } from './analytics-period';

/** The words for each of the engine's daily budgets (DAILY_CAPS), in its order. */
const CAP_LABELS: Record<OutreachAction, string> = {
  view_profile: 'Profile views',
  like_post: 'Likes',
  comment_post: 'Comments',
  send_invitation: 'Connection requests',
  check_invitation: 'Invitation checks',
  follow_up_1: 'Follow-ups',
  follow_up_2: 'Follow-ups',
  check_reply: 'Reply checks',
};
const WEEK_MS = 7 * 86_400_000;

type Row = {
  account_id: string;
  member_name: string;
  status: string;
  action: OutreachAction | null;
  today: string | number;
  week: string | number;
};

/**
 * Each of the caller's LinkedIn accounts with what it did today (in the period's zone) against each daily
 * cap the engine keeps, and its invitations of the last seven days against the weekly limit. Counted off
 * the log's (account, action, time) index; the engine counts its caps in each campaign's own zone, so a
 * campaign in another zone than the user's may see its day begin at another hour.
 */
export const accountsToday = async (
  db: Db,
  userId: string,
  period: AnalyticsPeriod,
  now: Date,
): Promise<TAccountToday[]> => {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  // Each count is a range of the (account, action, time) index with the action fixed: today's actions of
  // every kind, and the week's invitations; counting the week of every action read 20 times more entries.
  const actions = sql.join(
    OUTREACH_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with accounts as (
        select id, member_name, status from linkedin_accounts where user_id = ${userId}
      ), today as (
        select account_id, action, count(*) as n
        from activity_log
        where account_id in (select id from accounts) and action in (${actions})
          and created_at >= ${period.todayStart.toISOString()} and created_at < ${period.todayEnd.toISOString()}
        group by account_id, action
      ), week as (
        select account_id, count(*) as n
        from activity_log
        where account_id in (select id from accounts) and action = 'send_invitation'
          and created_at > ${weekAgo.toISOString()} and created_at <= ${now.toISOString()}
        group by account_id
      )
      select a.id as account_id, a.member_name, a.status, t.action,
             coalesce(t.n, 0) as today, coalesce(w.n, 0) as week
      from accounts a
      left join today t on t.account_id = a.id
      left join week w on w.account_id = a.id
      order by a.member_name, a.id`),
  );
  const accounts = new Map<string, { account: Row; counts: Map<string, Row> }>();
  for (const row of rows) {
    const entry = accounts.get(row.account_id) ?? { account: row, counts: new Map() };
    if (row.action) entry.counts.set(row.action, row);
    accounts.set(row.account_id, entry);
  }
  return [...accounts.values()].map(({ account, counts }) => ({
    account_id: account.account_id,
    name: account.member_name,
    status: account.status,
    caps: [
      ...DAILY_CAPS.map((cap) => ({
        label: CAP_LABELS[cap.actions[0] ?? 'view_profile'],
        used: cap.actions.reduce((sum, action) => sum + Number(counts.get(action)?.today ?? 0), 0),
        cap: cap.perDay,
      })),
      {
        label: 'Connection requests in 7 days',
        used: Number(account.week),
        cap: WEEKLY_INVITATIONS,
      },
    ],
  }));
};
