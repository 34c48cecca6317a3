import { Temporal } from 'temporal-polyfill';

/** The zone the browser runs in: the calendar's zone until the person picks one in Settings. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The person's zone (users.time_zone) when set and known to this browser, else the browser's. */
export const calendarTimeZone = (chosen: string | null | undefined): string => {
  if (!chosen) return browserTimeZone();
  try {
    new Intl.DateTimeFormat('en', { timeZone: chosen });
    return chosen;
  } catch {
    return browserTimeZone();
  }
};

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "14:05": an instant's wall-clock time in the zone, 24-hour (spec §3 event title). */
export const clockTime = (iso: string, timeZone: string): string => {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    clockFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
};

/** "Tue 24 Nov 2026, 14:05": a full date and time in the zone, for the drawer and the audit log. */
export const dateTime = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));

type TCalendarDelta = { years: number; months: number; days: number; milliseconds: number };

/**
 * Where a dragged post lands: its instant moved by the drop's calendar delta in the person's zone, so a
 * post moved by a day keeps its wall-clock time across a daylight-saving change. Returned in UTC.
 */
export const movedBy = (iso: string, delta: TCalendarDelta, timeZone: string): string =>
  Temporal.Instant.from(iso)
    .toZonedDateTimeISO(timeZone)
    .add({ years: delta.years, months: delta.months, days: delta.days })
    .add({ milliseconds: delta.milliseconds })
    .toInstant()
    .toString();

/** "2026-11-24T14:05": the value of a datetime-local input showing the instant in the zone. */
export const toWallClock = (iso: string, timeZone: string): string =>
  Temporal.Instant.from(iso)
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime()
    .toString({ smallestUnit: 'minute' });

/** A datetime-local value read in the zone, as a UTC instant; null when it is not a date and time. */
export const fromWallClock = (value: string, timeZone: string): string | null => {
  try {
    return Temporal.PlainDateTime.from(value).toZonedDateTime(timeZone).toInstant().toString();
  } catch {
    return null;
  }
};

/**
 * Where the week and day views open: an hour before the current hour in the zone ("13:00:00" at 14:20), so
 * now is on screen with a little of what came before it, rather than midnight.
 */
export const scrollTimeNow = (timeZone: string, now: Date = new Date()): string => {
  const hour = Number(clockTime(now.toISOString(), timeZone).slice(0, 2));
  return `${String(Math.max(0, hour - 1)).padStart(2, '0')}:00:00`;
};
