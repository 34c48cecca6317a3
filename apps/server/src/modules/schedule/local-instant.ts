import { isInstantInRange, SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { DateTime } from 'luxon';
import { AppError } from '../../http/errors';
import { knownTimeZone } from '../../lib/core/time-zone';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The zone a local time is read in: the one asked for, else the user's (Settings), else UTC. */
export const zoneFor = (asked: string | undefined, users: string | null): string => {
  if (asked !== undefined) {
    const zone = knownTimeZone(asked);
    if (!zone) throw new AppError(400, 'validation_error', SCHEDULE_MESSAGES.badTimeZone);
    return zone;
  }
  return (users && knownTimeZone(users)) ?? 'UTC';
};

type LocalTime = { date: string; hours: string; minutes: string };

/**
 * The instant a wall-clock time names in `zone`.
 * - A time the clocks skip (the spring DST gap: 02:30 in New York on its change day) is the next instant
 *   that exists, the end of the gap (03:00), rather than luxon's shift by the gap's length (03:30).
 * - A time the clocks show twice (the autumn change) is its first occurrence, the earlier instant.
 */
export const localInstant = ({ date, hours, minutes }: LocalTime, zone: string): Date => {
  const [year, month, day] = date.split('-').map(Number);
  const wall = { year, month, day, hour: Number(hours), minute: Number(minutes) };
  const asUtc = DateTime.fromObject(wall, { zone: 'utc' });
  if (!asUtc.isValid) throw new AppError(400, 'validation_error', SCHEDULE_MESSAGES.badDate);
  // The wall time's digits read as if in UTC; an instant i shows it in `zone` when i + offset(i) equals this.
  const wallMs = asUtc.toMillis();
  const localMs = (instant: number) => instant + offsetMs(instant, zone);
  // Every offset in force within a day of it: the wall time's instant is wall − one of them.
  const around = wallMs - offsetMs(wallMs, zone);
  const offsets = new Set([around - DAY_MS, around, around + DAY_MS].map((i) => offsetMs(i, zone)));
  const matches = [...offsets].map((offset) => wallMs - offset).filter((i) => localMs(i) === wallMs);
  const instant = matches.length > 0 ? Math.min(...matches) : gapEnd(wallMs, zone, localMs);
  // 23:00 on 31 December 9999 west of Greenwich is in year 10000: more than the calendar can store.
  if (!isInstantInRange(instant)) throw new AppError(400, 'validation_error', SCHEDULE_MESSAGES.badDate);
  return new Date(instant);
};

const offsetMs = (instant: number, zone: string): number =>
  DateTime.fromMillis(instant, { zone }).offset * MINUTE_MS;

/**
 * The first instant whose wall time is at or after `wallMs` (which the clocks skipped): a binary search over
 * whole minutes between the latest and earliest instants the skipped time could be, where local time only grows.
 */
const gapEnd = (wallMs: number, zone: string, localMs: (instant: number) => number): number => {
  const offsets = [wallMs - DAY_MS, wallMs + DAY_MS].map((i) => offsetMs(i, zone));
  let low = wallMs - Math.max(...offsets);
  let high = wallMs - Math.min(...offsets);
  // Invariant: localMs(low) < wallMs ≤ localMs(high).
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (localMs(middle) >= wallMs) high = middle;
    else low = middle;
  }
  return high;
};
