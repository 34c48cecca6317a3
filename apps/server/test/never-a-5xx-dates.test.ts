import { CHAT_MESSAGES, HISTORY_MESSAGES, SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  type ScheduleHarness,
  seedConnection,
  seedLinkedinPost,
  seedScheduledPost,
  startScheduleHarness,
} from './schedule-support';
import type { SeededUser } from './support/factories';
import type { Harness } from './support/harness';

// Sunday 1 March 2026, 12:00:30 UTC.
const NOW = new Date('2026-03-01T12:00:30Z');
let h: Harness;
let call: ScheduleHarness['call'];
let owner: SeededUser;

beforeAll(async () => {
  ({ h, call, owner } = await startScheduleHarness(NOW));
});
afterAll(() => h.close());

const expectBadDate = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body)).toEqual({ error: 'validation_error', message: SCHEDULE_MESSAGES.badDate });
};

/** A page cursor as the server encodes it, holding a timestamp of the test's choosing. */
const cursorOf = (timestamp: string, id: number | string) =>
  Buffer.from(JSON.stringify([timestamp, id])).toString('base64url');

describe('instants outside 1970–9999 answer 400, never 500', () => {
  it('GET /api/schedule refuses a from or to in year 0000, before 1970, or a week past 9999, with its bad-date message', async () => {
    for (const query of [
      'from=0000-01-01T00:00:00Z',
      'to=0000-01-01T00:00:00Z',
      'from=0000-01-01T00:00:00Z&to=2026-03-01T00:00:00Z',
      'from=1969-12-31T23:59:59Z',
      // Four digits, yet past 9999 once its offset is applied.
      'from=9999-12-31T23:59:59-23:59',
      'to=9999-12-31T23:00:00-02:00',
    ]) {
      expectBadDate(await call(owner, 'GET', `/schedule?${query}`));
    }
  });

  it('GET /api/schedule answers at the edges of the range, a window from the last day of 9999 ending there', async () => {
    const post = await seedLinkedinPost(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    await seedScheduledPost(h, owner, post, linkedin, { scheduledFor: new Date('9999-12-31T23:59:59.500Z') });
    const lastDay = await call(owner, 'GET', '/schedule?from=9999-12-31T00:00:00Z');
    expect(lastDay.statusCode, lastDay.body).toBe(200);
    expect(lastDay.json().data.map((item: { PostedOn: string }) => item.PostedOn)).toEqual([
      '9999-12-31T23:59:59.500Z',
    ]);
    for (const query of ['from=1970-01-01T00:00:00Z', 'to=1970-01-01T00:00:01Z', 'to=9999-12-31T23:59:59Z']) {
      const res = await call(owner, 'GET', `/schedule?${query}`);
      expect(`${query} → ${res.statusCode}`).toBe(`${query} → 200`);
    }
  });

  it('PATCH /api/schedule/{id} refuses a PostedOn outside the range with the bad-date message', async () => {
    const post = await seedLinkedinPost(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const row = await seedScheduledPost(h, owner, post, linkedin, {
      scheduledFor: new Date('2026-03-05T09:00:00Z'),
    });
    for (const PostedOn of ['0000-01-01T00:00:00Z', '9999-12-31T23:30:00-01:00', 'tomorrow']) {
      expectBadDate(await call(owner, 'PATCH', `/schedule/${row.id}`, { PostedOn }));
    }
    const kept = await call(owner, 'GET', `/schedule/${row.id}`);
    expect(kept.json().data.PostedOn).toBe('2026-03-05T09:00:00.000Z');
  });

  it('POST /api/schedule refuses a local time that falls outside the range in its zone', async () => {
    const post = await seedLinkedinPost(h, owner);
    const linkedin = await seedConnection(h, owner, 'linkedin');
    const form = { contentID: post.id, platforms: [linkedin.id] };
    // 23:59 on the last day of 9999 in Pago Pago (UTC−11) is in year 10000 in UTC.
    expectBadDate(
      await call(
        owner,
        'POST',
        '/schedule',
        at('9999-12-31', '23:59', { ...form, time_zone: 'Pacific/Pago_Pago' }),
      ),
    );
    expectBadDate(await call(owner, 'POST', '/schedule', at('0000-01-01', '09:00', form)));
    const lastMinute = await call(
      owner,
      'POST',
      '/schedule',
      at('9999-12-31', '23:59', { ...form, time_zone: 'UTC' }),
    );
    expect(lastMinute.statusCode, lastMinute.body).toBe(201);
  });

  it('a History or chat list cursor holding year 0000 or an impossible date answers 400', async () => {
    for (const timestamp of ['0000-01-01 00:00:00+00', '2026-13-45 25:61:00+00', '10000-01-01 00:00:00+00']) {
      const history = await call(owner, 'GET', `/history?cursor=${cursorOf(timestamp, 5)}`);
      expect(history.statusCode, history.body).toBe(400);
      expect(history.json()).toEqual({ error: 'validation_error', message: HISTORY_MESSAGES.badCursor });
      const chats = await call(
        owner,
        'GET',
        `/chats?cursor=${cursorOf(timestamp, '8f14e45f-ceea-467a-9af0-4b2e1c2d3e4f')}`,
      );
      expect(chats.statusCode, chats.body).toBe(400);
      expect(chats.json()).toEqual({ error: 'validation_error', message: CHAT_MESSAGES.badCursor });
    }
    // A cursor the server printed itself still pages.
    const fine = await call(owner, 'GET', `/history?cursor=${cursorOf('2026-03-01 12:00:30.123456+00', 5)}`);
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

// Runs last: every answer of the walks above has a status the OpenAPI document lists for its call.
it('every answer above has a status its call lists in the OpenAPI document', () => {
  expect(h.unlistedAnswers()).toEqual([]);
});
