import { describe, expect, it } from 'vitest';
import {
  calendarTimeZone,
  clockTime,
  fromWallClock,
  movedBy,
  scrollTimeNow,
  toWallClock,
} from './calendar-time';

describe('calendar times', () => {
  it('shows an instant as HH:MM in the chosen zone, 24-hour', () => {
    expect(clockTime('2026-11-24T13:05:00.000Z', 'Europe/Paris')).toBe('14:05');
    expect(clockTime('2026-11-24T13:05:00.000Z', 'America/New_York')).toBe('08:05');
    expect(clockTime('2026-11-24T00:00:00.000Z', 'UTC')).toBe('00:00');
  });

  it("falls back to the browser's zone when none is chosen or the chosen one is unknown here", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(calendarTimeZone(null)).toBe(browser);
    expect(calendarTimeZone('Mars/Olympus_Mons')).toBe(browser);
    expect(calendarTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('moves a dragged post by whole days on the wall clock, across a daylight-saving change', () => {
    // Paris leaves summer time on 25 Oct 2026: 09:00 on the 24th (UTC+2) moved a day is 09:00 (UTC+1).
    expect(
      movedBy('2026-10-24T07:00:00Z', { years: 0, months: 0, days: 1, milliseconds: 0 }, 'Europe/Paris'),
    ).toBe('2026-10-25T08:00:00Z');
    // Within a day (week view): 90 minutes later.
    expect(
      movedBy('2026-11-24T13:05:00Z', { years: 0, months: 0, days: 0, milliseconds: 90 * 60_000 }, 'UTC'),
    ).toBe('2026-11-24T14:35:00Z');
  });

  it('reads a date and time typed in the zone as its UTC instant, and shows it back', () => {
    expect(fromWallClock('2026-11-24T14:05', 'Europe/Paris')).toBe('2026-11-24T13:05:00Z');
    expect(toWallClock('2026-11-24T13:05:00Z', 'Europe/Paris')).toBe('2026-11-24T14:05');
    expect(fromWallClock('tomorrow', 'Europe/Paris')).toBeNull();
  });

  it('opens the week and day views an hour before the current hour in the zone, not at midnight', () => {
    const at = new Date('2026-11-24T13:20:00Z');
    expect(scrollTimeNow('Europe/Paris', at)).toBe('13:00:00');
    expect(scrollTimeNow('Asia/Tokyo', at)).toBe('21:00:00');
    expect(scrollTimeNow('UTC', new Date('2026-11-24T00:30:00Z'))).toBe('00:00:00');
  });
});
