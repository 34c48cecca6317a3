import {
  CONTENT_FIGURE_METRICS,
  CONTENT_NETWORKS,
  type TContentAnalyticsResponse,
  type TContentNetwork,
  type TPostCounts,
  type ZContentAnalyticsQuery,
  type z,
} from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { analyticsPeriod, analyticsZone, bucketsOf } from './analytics-period';

type Query = z.output<typeof ZContentAnalyticsQuery>;
type Row = {
  network: TContentNetwork;
  week: string;
  published: string | number;
  failed: string | number;
  held: string | number;
  waiting: string | number;
};

type FigureRow = {
  network: 'linkedin' | 'facebook' | 'instagram';
  week: string;
  metric: string;
  value: string | number;
};

const FIGURE_NETWORKS = ['linkedin', 'facebook', 'instagram'] as const;

const ZERO: TPostCounts = { published: 0, failed: 0, held: 0, waiting: 0 };

const add = (a: TPostCounts, b: TPostCounts): TPostCounts => ({
  published: a.published + b.published,
  failed: a.failed + b.failed,
  held: a.held + b.held,
  waiting: a.waiting + b.waiting,
});

/**
 * What was published for the signed-in user per network and per week (from Monday, in the user's zone):
 * published, failed, held for a person to decide, and still to go out, by the minute each post was
 * scheduled for. Counted by the database off the (user_id, scheduled_for) index, a row per network and week;
 * beside them, the platforms' own figures of those posts summed per week and network.
 */
export const contentAnalytics = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: Pick<UserRow, 'id' | 'timeZone'>,
  query: Query,
): Promise<TContentAnalyticsResponse> => {
  const period = analyticsPeriod(
    { ...query, bucket: 'week' },
    analyticsZone(query.zone, user.timeZone),
    deps.clock.now(),
  );
  const rows = rowsOf<Row>(
    await deps.db.execute(sql`
      select platform as network,
             to_char(date_trunc('week', scheduled_for at time zone ${period.zone}), 'YYYY-MM-DD') as week,
             count(*) filter (where status = 'published') as published,
             count(*) filter (where status = 'failed') as failed,
             count(*) filter (where status = 'held') as held,
             count(*) filter (where status in ('scheduled', 'publishing')) as waiting
      from scheduled_posts
      where user_id = ${user.id}
        and scheduled_for >= ${period.start.toISOString()} and scheduled_for < ${period.end.toISOString()}
      group by 1, 2`),
  );
  // The figures of the same posts, off the same index, each post's metrics by their unique key.
  const figureRows = rowsOf<FigureRow>(
    await deps.db.execute(sql`
      select p.platform as network,
             to_char(date_trunc('week', p.scheduled_for at time zone ${period.zone}), 'YYYY-MM-DD') as week,
             f.metric, sum(f.value) as value
      from scheduled_posts p
      join post_figures f on f.scheduled_post_id = p.id
      where p.user_id = ${user.id}
        and p.scheduled_for >= ${period.start.toISOString()} and p.scheduled_for < ${period.end.toISOString()}
      group by 1, 2, 3`),
  );
  const figureCell = new Map(
    figureRows.map((row) => [`${row.week} ${row.network} ${row.metric}`, Number(row.value)]),
  );
  const cell = new Map(
    rows.map((row) => [
      `${row.week} ${row.network}`,
      {
        published: Number(row.published),
        failed: Number(row.failed),
        held: Number(row.held),
        waiting: Number(row.waiting),
      },
    ]),
  );
  const by_week = bucketsOf(period).map(({ label: week }) => ({
    week,
    networks: CONTENT_NETWORKS.map(({ key }) => ({ network: key, ...(cell.get(`${week} ${key}`) ?? ZERO) })),
  }));
  const by_network = CONTENT_NETWORKS.map(({ key }) => ({
    network: key,
    ...by_week.reduce((sum, week) => add(sum, week.networks.find((n) => n.network === key) ?? ZERO), ZERO),
  }));
  const figures_by_week = bucketsOf(period).map(({ label: week }) => ({
    week,
    networks: FIGURE_NETWORKS.map((network) => ({
      network,
      ...(Object.fromEntries(
        CONTENT_FIGURE_METRICS.map(({ key }) => [key, figureCell.get(`${week} ${network} ${key}`) ?? 0]),
      ) as Record<(typeof CONTENT_FIGURE_METRICS)[number]['key'], number>),
    })),
  }));
  return {
    period: { from: period.from, to: period.to, zone: period.zone },
    totals: by_network.reduce((sum, network) => add(sum, network), ZERO),
    by_network,
    by_week,
    figures_by_week,
  };
};
