import {
  INSTANT_RANGE,
  SCHEDULE_LIST_CAP,
  SCHEDULE_MESSAGES,
  type TScheduleListResponse,
} from '@sales-assist/contract';
import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { contentItems, scheduledPosts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { scheduleColumns, scheduleItemView } from './schedule-view';

/** Without a range the calendar gets 3 months back and 12 ahead: what its views can reach without asking again. */
export const DEFAULT_MONTHS_BACK = 3;
export const DEFAULT_MONTHS_AHEAD = 12;

type ScheduleQuery = { from?: string; to?: string; content_id?: number };

/**
 * The caller's calendar items whose instant falls in [from, to), earliest first, read off the
 * (user_id, scheduled_for) index and capped at SCHEDULE_LIST_CAP rows (one more is read to say so).
 * A content filter alone spans every date: a content screen asks "when is this going out?".
 */
export const listSchedule = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  query: ScheduleQuery,
): Promise<TScheduleListResponse> => {
  const rows = await scheduleRowsQuery(deps.db, userId, query, deps.clock.now());
  return {
    data: rows.slice(0, SCHEDULE_LIST_CAP).map(scheduleItemView),
    truncated: rows.length > SCHEDULE_LIST_CAP,
  };
};

/** The statement itself (its plan is tested: it must read the index in order, never sort the range). */
export const scheduleRowsQuery = (db: Db, userId: string, query: ScheduleQuery, now: Date) => {
  const conditions: SQL[] = [eq(scheduledPosts.userId, userId)];
  const range = rangeOf(now, query);
  if (range) {
    conditions.push(gte(scheduledPosts.scheduledFor, range.from), lt(scheduledPosts.scheduledFor, range.to));
  }
  if (query.content_id !== undefined) conditions.push(eq(scheduledPosts.contentItemId, query.content_id));
  return (
    db
      .select(scheduleColumns)
      .from(scheduledPosts)
      .innerJoin(contentItems, eq(contentItems.id, scheduledPosts.contentItemId))
      .where(and(...conditions))
      // The index's own order: a tie-breaker (id) would make the database sort the whole range before the cap.
      .orderBy(asc(scheduledPosts.scheduledFor))
      .limit(SCHEDULE_LIST_CAP + 1)
  );
};

/** A window's computed end stays where the database can be asked about it (a from in 9999 ends in 9999). */
const withinRange = (instant: DateTime): DateTime =>
  DateTime.fromMillis(
    Math.min(Math.max(instant.toMillis(), INSTANT_RANGE.earliestMs), INSTANT_RANGE.latestMs),
    {
      zone: 'utc',
    },
  );

const rangeOf = (now: Date, query: ScheduleQuery): { from: Date; to: Date } | null => {
  if (query.content_id !== undefined && query.from === undefined && query.to === undefined) return null;
  // One end alone keeps the default window's length from it.
  const span = { months: DEFAULT_MONTHS_BACK + DEFAULT_MONTHS_AHEAD };
  const given = {
    from: query.from ? DateTime.fromISO(query.from, { zone: 'utc' }) : null,
    to: query.to ? DateTime.fromISO(query.to, { zone: 'utc' }) : null,
  };
  const today = DateTime.fromJSDate(now, { zone: 'utc' });
  const from = withinRange(
    given.from ?? (given.to ? given.to.minus(span) : today.minus({ months: DEFAULT_MONTHS_BACK })),
  );
  const to = withinRange(
    given.to ?? (given.from ? given.from.plus(span) : today.plus({ months: DEFAULT_MONTHS_AHEAD })),
  );
  if (to <= from) throw new AppError(400, 'validation_error', SCHEDULE_MESSAGES.badRange);
  return { from: from.toJSDate(), to: to.toJSDate() };
};
