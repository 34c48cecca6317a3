import { describe, expect, it } from 'vitest';
import { isInMotion } from './in-motion';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const past = '2026-11-24T11:59:00Z';
const future = '2026-11-24T12:05:00Z';

describe('a post the calendar watches closely', () => {
  it('is one with the platform, or scheduled for a minute already reached and not paused', () => {
    expect(isInMotion({ status: 'publishing', PostedOn: future, paused_until: null }, NOW)).toBe(true);
    expect(isInMotion({ status: 'scheduled', PostedOn: past, paused_until: null }, NOW)).toBe(true);
    expect(isInMotion({ status: 'scheduled', PostedOn: future, paused_until: null }, NOW)).toBe(false);
    expect(isInMotion({ status: 'scheduled', PostedOn: past, paused_until: future }, NOW)).toBe(false);
    for (const status of ['published', 'failed', 'held'] as const)
      expect(isInMotion({ status, PostedOn: past, paused_until: null }, NOW)).toBe(false);
  });
});
