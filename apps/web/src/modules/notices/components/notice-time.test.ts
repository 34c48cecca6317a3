import { describe, expect, it } from 'vitest';
import { noticeTime } from './notice-time';

const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('when a notice came', () => {
  it('says it as people do, then gives the date', () => {
    expect(noticeTime(ago(20_000), NOW)).toBe('just now');
    expect(noticeTime(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(noticeTime(ago(3 * 3600_000), NOW)).toBe('3 hours ago');
    expect(noticeTime(ago(26 * 3600_000), NOW)).toBe('yesterday');
    expect(noticeTime(ago(3 * 86_400_000), NOW)).toBe('3 days ago');
    expect(noticeTime(ago(15 * 86_400_000), NOW)).toBe('2 weeks ago');
    expect(noticeTime(ago(60 * 86_400_000), NOW)).toBe('Sep 25, 2026');
  });
});
