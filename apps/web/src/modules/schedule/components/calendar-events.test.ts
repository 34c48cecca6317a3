import type { TScheduleItem } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { aScheduleItem } from '../../../test/fixtures';
import { canMove, canRetry, eventDescription, STATE_LOOK, toCalendarEvent } from './calendar-events';

const ITEM = aScheduleItem();

describe('a schedule item as a calendar event (spec §3)', () => {
  it('has the id, "HH:MM" in the person\'s zone plus the first content type, the start, and green', () => {
    const event = toCalendarEvent(ITEM, 'Europe/Paris');
    expect(event).toMatchObject({
      id: '7',
      title: '14:05 Blog',
      start: '2026-11-24T13:05:00.000Z',
      color: STATE_LOOK.scheduled.color,
      editable: true,
    });
    expect(toCalendarEvent(ITEM, 'Asia/Tokyo').title).toBe('22:05 Blog');
  });

  it('tells published (another green), failed (red, with the reason) and held (amber) apart', () => {
    const published = toCalendarEvent({ ...ITEM, status: 'published' }, 'UTC');
    const failed = toCalendarEvent(
      { ...ITEM, status: 'failed', failure_reason: 'WordPress refused the password' },
      'UTC',
    );
    const held = toCalendarEvent({ ...ITEM, status: 'held' }, 'UTC');
    expect(new Set([STATE_LOOK.scheduled.color, published.color, failed.color, held.color]).size).toBe(4);
    expect(failed.color).toBe('#e03131');
    expect(failed.extendedProps.description).toContain('WordPress refused the password');
    expect(published.editable).toBe(false);
    expect(failed.editable).toBe(true);
  });

  it('only moves and retries what the server allows', () => {
    expect(['scheduled', 'failed', 'held'].every((status) => canMove({ status } as TScheduleItem))).toBe(
      true,
    );
    expect(canMove({ status: 'published' })).toBe(false);
    expect(canMove({ status: 'publishing' })).toBe(false);
    expect(canRetry({ status: 'failed' })).toBe(true);
    expect(canRetry({ status: 'held' })).toBe(true);
    expect(canRetry({ status: 'scheduled' })).toBe(false);
  });

  it('says when a paused post resumes and why', () => {
    const paused = {
      ...ITEM,
      paused_until: '2026-11-24T14:00:00.000Z',
      paused_reason: 'Daily limit reached',
    };
    expect(eventDescription(paused, 'UTC')).toBe(
      '13:05 Blog — Wordpress · Sandbox blog — Paused until 14:00: Daily limit reached',
    );
  });
});
