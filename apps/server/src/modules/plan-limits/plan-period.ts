import { DateTime } from 'luxon';

/** Limits count per calendar month in UTC: the month's first day names the period. */
export const planPeriodOf = (now: Date): { period: string; resetsOn: string } => {
  const month = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month');
  return { period: month.toISODate() ?? '', resetsOn: month.plus({ months: 1 }).toISODate() ?? '' };
};
