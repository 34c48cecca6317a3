import type { TAdminAiUsageQuery, TAdminAiUsageResponse, TAdminAiUsageRow } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../app-deps';
import { rowsOf } from '../../db/sql-rows';

/** A screen's worth: an operator looks for who spends most, not at every account ever. */
const MAX_ROWS = 500;
/** Without a month, this many calendar months back, the current one included. */
const MONTHS_BACK = 12;

type Row = {
  month: string;
  user_id: string;
  email: string;
  requests: string | number;
  prompt_tokens: string | number | null;
  completion_tokens: string | number | null;
};

/**
 * Model use per user and calendar month (UTC) from ai_usage: requests (rows: every model request that
 * answered, background work included) and tokens, the month's heaviest users first.
 */
export const aiUsageByUserAndMonth = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  query: TAdminAiUsageQuery,
): Promise<TAdminAiUsageResponse> => {
  const first = query.month
    ? DateTime.fromISO(`${query.month}-01`, { zone: 'utc' })
    : DateTime.fromJSDate(deps.clock.now(), { zone: 'utc' })
        .startOf('month')
        .minus({ months: MONTHS_BACK - 1 });
  const from = first.toJSDate();
  const to = query.month ? first.plus({ months: 1 }).toJSDate() : null;
  const rows = rowsOf<Row>(
    await deps.db.execute(sql`
      select to_char(date_trunc('month', u.created_at at time zone 'UTC'), 'YYYY-MM') as month,
             u.user_id, a.email, count(*) as requests,
             sum(u.prompt_tokens) as prompt_tokens, sum(u.completion_tokens) as completion_tokens
      from ai_usage u join users a on a.id = u.user_id
      where u.created_at >= ${from.toISOString()}
        ${to ? sql`and u.created_at < ${to.toISOString()}` : sql``}
        ${query.user_id ? sql`and u.user_id = ${query.user_id}` : sql``}
      group by 1, u.user_id, a.email
      order by 1 desc, requests desc, a.email
      limit ${MAX_ROWS + 1}`),
  );
  return {
    rows: rows.slice(0, MAX_ROWS).map(
      (row): TAdminAiUsageRow => ({
        month: row.month,
        user_id: row.user_id,
        email: row.email,
        requests: Number(row.requests),
        prompt_tokens: Number(row.prompt_tokens ?? 0),
        completion_tokens: Number(row.completion_tokens ?? 0),
      }),
    ),
    truncated: rows.length > MAX_ROWS,
  };
};
