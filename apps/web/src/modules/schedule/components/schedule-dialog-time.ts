import { defaultScheduleTime } from '@sales-assist/contract';

/** The dialog's date and time (spec §3 calendar state): a wall-clock date and time in one zone. */
export type TScheduleFields = { date: string; hours: string; minutes: string };

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

/*
 * These helpers use Intl only (not calendar-time.ts, which brings the Temporal polyfill): the dialog opens
 * from the blog, LinkedIn and socials screens, whose downloads stay as they were.
 */

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A zone this browser can show times in (one saved elsewhere may be newer than its tables). */
export const isKnownTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** What a clock on the wall in `zone` reads at `instant`. */
export const wallClockIn = (zone: string, instant: Date): TScheduleFields => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hours: part('hour'),
    minutes: part('minute'),
  };
};

/**
 * Spec §9: the current hour plus 2 (mod 24) and the current minute, zero-padded, read in the user's zone.
 * The date is the day two hours from now, so late in the evening the default is tomorrow, not a time
 * already gone today.
 */
export const defaultScheduleFields = (zone: string, now: Date): TScheduleFields => {
  const current = wallClockIn(zone, now);
  const { hours, minutes } = defaultScheduleTime({
    hour: Number(current.hours),
    minute: Number(current.minutes),
  });
  return { date: wallClockIn(zone, new Date(now.getTime() + TWO_HOURS_MS)).date, hours, minutes };
};

/** True when the chosen minute is already over in `zone` (the current minute is left to the server). */
export const isBeforeNow = (fields: TScheduleFields, zone: string, now: Date): boolean => {
  const current = wallClockIn(zone, now);
  const key = (each: TScheduleFields) => `${each.date} ${each.hours}:${each.minutes}`;
  return key(fields) < key(current);
};

/** "GMT+1": the zone's offset now, beside its name, so "Europe/Paris" reads as a time people know. */
export const zoneOffsetLabel = (zone: string, now: Date): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
export const MINUTE_OPTIONS = Array.from({ length: 60 }, (_, minute) => String(minute).padStart(2, '0'));
