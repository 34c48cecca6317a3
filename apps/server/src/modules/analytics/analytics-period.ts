import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  type TAnalyticsBucket,
} from '@sales-assist/contract';
import { DateTime } from 'luxon';
import { AppError } from '../../http/errors';
import { knownTimeZone } from '../../lib/core/time-zone';

/** A period of whole days in one zone: [start, end) as instants, for the index range of every query. */
export type AnalyticsPeriod = {
  from: string;
  to: string;
  zone: string;
  bucket: TAnalyticsBucket;
  start: Date;
  end: Date;
  /** Today's first and last instants in the zone: the accounts' daily caps count from there. */
  todayStart: Date;
  todayEnd: Date;
};

const badRequest = (message: string) => new AppError(400, 'validation_error', message);

/** The house's instants lie between 1970 and the end of 9999: the database and the answers hold those. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;

const dayIn = (iso: string, zone: string): DateTime => {
  const day = DateTime.fromISO(iso, { zone });
  // The last day of 9999 west of Greenwich ends in year 10000: refused with the others.
  if (!day.isValid || day.year < FIRST_YEAR || day.plus({ days: 1 }).toUTC().year > LAST_YEAR)
    throw badRequest(ANALYTICS_MESSAGES.badDate);
  return day.startOf('day');
};

/**
 * The zone days are read in: the one asked for (the web sends the user's zone, or the browser's before one
 * is chosen, as the calendar does), else the user's zone from Settings, else UTC.
 */
export const analyticsZone = (asked: string | undefined, users: string | null): string => {
  if (asked !== undefined) {
    const zone = knownTimeZone(asked);
    if (!zone) throw badRequest(ANALYTICS_MESSAGES.badTimeZone);
    return zone;
  }
  return (users && knownTimeZone(users)) ?? 'UTC';
};

/**
 * `from` and `to` are local days, both included; without them the last 30 days up to today. A day's
 * bounds are its local midnights, so a day of a clock change is 23 or 25 hours long, as the user lives it.
 */
export const analyticsPeriod = (
  query: { from?: string; to?: string; bucket: TAnalyticsBucket },
  zone: string,
  now: Date,
): AnalyticsPeriod => {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const last = query.to ? dayIn(query.to, zone) : today;
  const first = query.from ? dayIn(query.from, zone) : last.minus({ days: ANALYTICS_DEFAULT_DAYS - 1 });
  const days = Math.round(last.diff(first, 'days').days) + 1;
  if (days < 1 || days > ANALYTICS_MAX_DAYS) throw badRequest(ANALYTICS_MESSAGES.badPeriod);
  return {
    from: first.toISODate() ?? '',
    to: last.toISODate() ?? '',
    zone,
    bucket: query.bucket,
    start: first.toJSDate(),
    end: last.plus({ days: 1 }).toJSDate(),
    todayStart: today.toJSDate(),
    todayEnd: today.plus({ days: 1 }).toJSDate(),
  };
};

/**
 * Every day or week of the period: its first day (YYYY-MM-DD; weeks start on Monday) and the instant it
 * starts in the period's zone, so the chart shows the quiet ones too and the database can place each action
 * in its bucket by these instants alone. Only labels and bounds: no row is read here.
 */
export const bucketsOf = (period: AnalyticsPeriod): { label: string; start: Date }[] => {
  const unit = period.bucket === 'week' ? 'week' : 'day';
  const last = DateTime.fromISO(period.to, { zone: period.zone });
  const buckets: { label: string; start: Date }[] = [];
  for (
    let day = DateTime.fromISO(period.from, { zone: period.zone }).startOf(unit);
    day <= last;
    day = day.plus({ [`${unit}s`]: 1 })
  ) {
    buckets.push({ label: day.toISODate() ?? '', start: day.toJSDate() });
  }
  return buckets;
};
