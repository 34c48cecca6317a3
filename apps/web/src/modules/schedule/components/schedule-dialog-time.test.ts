import { describe, expect, it } from 'vitest';
import { defaultScheduleFields, isBeforeNow, wallClockIn, zoneOffsetLabel } from './schedule-dialog-time';

describe('the schedule dialog’s time', () => {
  it('reads the wall clock of the user’s zone, not the browser’s', () => {
    const instant = new Date('2026-11-24T09:05:00Z');
    expect(wallClockIn('Europe/Paris', instant)).toEqual({ date: '2026-11-24', hours: '10', minutes: '05' });
    expect(wallClockIn('America/Los_Angeles', instant)).toEqual({
      date: '2026-11-24',
      hours: '01',
      minutes: '05',
    });
    expect(wallClockIn('Pacific/Auckland', new Date('2026-11-24T23:59:00Z')).date).toBe('2026-11-25');
    expect(zoneOffsetLabel('Europe/Paris', instant)).toBe('GMT+1');
  });

  it('defaults to the current hour plus 2 and the current minute, zero-padded (spec §9)', () => {
    expect(defaultScheduleFields('UTC', new Date('2026-11-24T09:05:00Z'))).toEqual({
      date: '2026-11-24',
      hours: '11',
      minutes: '05',
    });
    expect(defaultScheduleFields('Europe/Paris', new Date('2026-11-24T07:00:30Z'))).toEqual({
      date: '2026-11-24',
      hours: '10',
      minutes: '00',
    });
  });

  it('wraps past midnight onto the next day, so the default is never a time already gone', () => {
    expect(defaultScheduleFields('UTC', new Date('2026-11-24T23:30:00Z'))).toEqual({
      date: '2026-11-25',
      hours: '01',
      minutes: '30',
    });
    expect(defaultScheduleFields('UTC', new Date('2026-12-31T22:07:00Z'))).toEqual({
      date: '2027-01-01',
      hours: '00',
      minutes: '07',
    });
  });

  it('calls a minute already over "before now", and leaves the current minute to the server', () => {
    const now = new Date('2026-11-24T09:05:40Z');
    expect(isBeforeNow({ date: '2026-11-24', hours: '10', minutes: '04' }, 'Europe/Paris', now)).toBe(true);
    expect(isBeforeNow({ date: '2026-11-23', hours: '23', minutes: '59' }, 'Europe/Paris', now)).toBe(true);
    expect(isBeforeNow({ date: '2026-11-24', hours: '10', minutes: '05' }, 'Europe/Paris', now)).toBe(false);
    expect(isBeforeNow({ date: '2026-11-24', hours: '09', minutes: '30' }, 'UTC', now)).toBe(false);
  });
});
