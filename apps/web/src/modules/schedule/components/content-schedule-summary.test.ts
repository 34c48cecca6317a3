import type { TScheduleItem } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { aScheduleItem } from '../../../test/fixtures';
import { summarizeSchedule } from './content-schedule-summary';

/** A LinkedIn post on the calendar; `changes` make it any other. */
const item = (changes: Partial<TScheduleItem>): TScheduleItem =>
  aScheduleItem({
    ID: 1,
    ContentType: ['LinkedIn Post', 'Linkedin'],
    content_id: 5,
    content_kind: 'linkedin_post',
    title: 'A post',
    platform: 'linkedin',
    target_name: 'Jane Doe',
    connection_id: 'c1',
    ...changes,
  });

describe('what a content card says about its schedule', () => {
  it('says nothing for content not on the calendar', () => {
    expect(summarizeSchedule([], 'UTC')).toBeNull();
  });

  it('gives the next time it is due, in the user’s zone, and one line per account', () => {
    const summary = summarizeSchedule(
      [
        item({ ID: 2, PostedOn: '2026-11-25T08:00:00.000Z', target_name: 'Acme Page', platform: 'facebook' }),
        item({ ID: 1 }),
      ],
      'Europe/Paris',
    );
    expect(summary).toEqual({
      tone: 'scheduled',
      label: 'Scheduled · Nov 24, 14:05',
      focusId: 1,
      lines: [
        'Facebook · Acme Page: Scheduled for Nov 25, 09:00',
        'Linkedin · Jane Doe: Scheduled for Nov 24, 14:05',
      ],
    });
  });

  it('says when a platform’s limit holds the next post back, with the platform’s words', () => {
    const summary = summarizeSchedule(
      [item({ paused_until: '2026-11-24T14:05:00.000Z', paused_reason: 'Daily limit reached' })],
      'UTC',
    );
    expect(summary).toEqual({
      tone: 'scheduled',
      label: 'Paused until Nov 24, 14:05',
      focusId: 1,
      lines: [
        'Linkedin · Jane Doe: Scheduled for Nov 24, 13:05 (paused until Nov 24, 14:05: Daily limit reached)',
      ],
    });
  });

  it('puts a failure first, then one that needs checking, and once all are out, when it was published', () => {
    const published = item({ status: 'published', published_at: '2026-11-24T13:05:07.000Z' });
    expect(
      summarizeSchedule(
        [published, item({ ID: 2, status: 'failed', failure_reason: 'Duplicate post' })],
        'UTC',
      ),
    ).toMatchObject({
      tone: 'failed',
      label: 'Publishing failed',
      lines: [
        'Linkedin · Jane Doe: Published Nov 24, 13:05',
        'Linkedin · Jane Doe: Failed Nov 24, 13:05: Duplicate post',
      ],
    });
    expect(summarizeSchedule([published, item({ ID: 2, status: 'held' })], 'UTC')?.label).toBe(
      'Needs checking',
    );
    expect(summarizeSchedule([published], 'UTC')).toMatchObject({
      tone: 'published',
      label: 'Published · Nov 24, 13:05',
      lines: ['Linkedin · Jane Doe: Published Nov 24, 13:05'],
    });
  });
});
