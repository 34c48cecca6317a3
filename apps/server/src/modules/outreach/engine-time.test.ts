import { describe, expect, it } from 'vitest';
import { createEngineTime } from './engine-time';

const real = createEngineTime(null);
const at = (iso: string) => new Date(iso);

describe('working hours in the campaign time zone', () => {
  it('acts on weekdays from 9:00 to 18:00 local time only', () => {
    expect(real.isWorkingTime(at('2026-03-02T09:00:00Z'), 'UTC')).toBe(true); // Monday 9:00
    expect(real.isWorkingTime(at('2026-03-02T08:59:59Z'), 'UTC')).toBe(false);
    expect(real.isWorkingTime(at('2026-03-02T18:00:00Z'), 'UTC')).toBe(false);
    expect(real.isWorkingTime(at('2026-03-07T12:00:00Z'), 'UTC')).toBe(false); // Saturday
    // 04:00 UTC is 9:30 in India, 23:00 the day before in New York.
    expect(real.isWorkingTime(at('2026-03-03T04:00:00Z'), 'Asia/Kolkata')).toBe(true);
    expect(real.isWorkingTime(at('2026-03-03T04:00:00Z'), 'America/New_York')).toBe(false);
  });

  it('moves a step to the next opening: later today, the next weekday, or Monday', () => {
    expect(real.nextWorkingTime(at('2026-03-02T07:30:00Z'), 'UTC').toISOString()).toBe(
      '2026-03-02T09:00:00.000Z',
    );
    expect(real.nextWorkingTime(at('2026-03-02T19:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-03-03T09:00:00.000Z',
    );
    expect(real.nextWorkingTime(at('2026-03-06T18:30:00Z'), 'UTC').toISOString()).toBe(
      '2026-03-09T09:00:00.000Z',
    );
    expect(real.nextWorkingTime(at('2026-03-07T10:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-03-09T09:00:00.000Z',
    );
    // Saturday evening in New York is Monday 9:00 there, 13:00 UTC (daylight saving time from March 8).
    expect(real.nextWorkingTime(at('2026-03-08T01:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    const inHours = at('2026-03-04T11:00:00Z');
    expect(real.nextWorkingTime(inHours, 'UTC')).toBe(inHours);
  });

  it('counts caps per calendar day of the zone', () => {
    const day = real.dayOf(at('2026-03-03T20:00:00Z'), 'Asia/Kolkata'); // 01:30 on the 4th in India
    expect(day.start.toISOString()).toBe('2026-03-03T18:30:00.000Z');
    expect(day.end.toISOString()).toBe('2026-03-04T18:30:00.000Z');
  });
});

describe('compressed days (sandbox and tests)', () => {
  it('has no working hours and days of OUTREACH_DAY_SECONDS', () => {
    const short = createEngineTime(4);
    expect(short.dayMs).toBe(4000);
    const saturdayNight = at('2026-03-07T23:00:00Z');
    expect(short.isWorkingTime(saturdayNight, 'UTC')).toBe(true);
    expect(short.nextWorkingTime(saturdayNight, 'UTC')).toBe(saturdayNight);
    const day = short.dayOf(at('1970-01-01T00:00:09Z'), 'UTC');
    expect([day.start.getTime(), day.end.getTime()]).toEqual([8000, 12000]);
  });
});
