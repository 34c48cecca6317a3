import { WORKING_HOURS } from '@sales-assist/contract';
import { DateTime } from 'luxon';

const REAL_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How the engine reads time. Real days: actions only on weekdays in working hours of the campaign's
 * time zone, caps per calendar day there. Compressed days (OUTREACH_DAY_SECONDS, sandbox and tests):
 * a day is `dayMs` long, counted from the epoch, and every moment is a working moment, so a 42-day plan
 * can be watched in minutes.
 */
export type EngineTime = {
  dayMs: number;
  compressed: boolean;
  /** Whether an action may run at `at` for a campaign in `zone`. */
  isWorkingTime(at: Date, zone: string): boolean;
  /** The next moment after `at` when an action may run (`at` itself when it may). */
  nextWorkingTime(at: Date, zone: string): Date;
  /** The start of the (campaign) day `at` falls in, and of the next one: the span daily caps count in. */
  dayOf(at: Date, zone: string): { start: Date; end: Date };
};

const isWeekday = (local: DateTime): boolean => local.weekday <= 5;

export const createEngineTime = (daySeconds: number | null): EngineTime => {
  if (daySeconds !== null) {
    const dayMs = daySeconds * 1000;
    return {
      dayMs,
      compressed: true,
      isWorkingTime: () => true,
      nextWorkingTime: (at) => at,
      dayOf: (at) => {
        const start = Math.floor(at.getTime() / dayMs) * dayMs;
        return { start: new Date(start), end: new Date(start + dayMs) };
      },
    };
  }
  const isWorkingTime = (at: Date, zone: string): boolean => {
    const local = DateTime.fromJSDate(at, { zone });
    return isWeekday(local) && local.hour >= WORKING_HOURS.startHour && local.hour < WORKING_HOURS.endHour;
  };
  return {
    dayMs: REAL_DAY_MS,
    compressed: false,
    isWorkingTime,
    nextWorkingTime: (at, zone) => {
      if (isWorkingTime(at, zone)) return at;
      let local = DateTime.fromJSDate(at, { zone });
      // Today's opening if it is still ahead, else the next weekday's.
      if (!isWeekday(local) || local.hour >= WORKING_HOURS.endHour) local = local.plus({ days: 1 });
      local = local.set({ hour: WORKING_HOURS.startHour, minute: 0, second: 0, millisecond: 0 });
      while (!isWeekday(local)) local = local.plus({ days: 1 });
      return local.toJSDate();
    },
    dayOf: (at, zone) => {
      const start = DateTime.fromJSDate(at, { zone }).startOf('day');
      return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
    },
  };
};
