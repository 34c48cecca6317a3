import { SCHEDULE_MESSAGES, type TScheduleItem } from '@sales-assist/contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScheduledPostRow, scheduledPosts } from '../src/db/schema';
import {
  type ScheduleHarness,
  type SentJob,
  seedConnection,
  seedLinkedinPost,
  seedScheduledPost,
  startScheduleHarness,
} from './schedule-support';
import type { SeededUser } from './support/factories';
import type { Harness } from './support/harness';

const NOW = new Date('2026-03-01T12:00:30Z');
let h: Harness;
let sent: SentJob[];
let call: ScheduleHarness['call'];
let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  ({ h, sent, call, owner, stranger } = await startScheduleHarness(NOW));
});
afterAll(() => h.close());

/** A calendar item of `user` in any state, on a fresh post and account. */
const itemOf = async (
  user: SeededUser,
  row: Partial<ScheduledPostRow> = {},
  account: { status?: 'connected' | 'reconnect' } = {},
) => {
  const post = await seedLinkedinPost(h, user);
  const linkedin = await seedConnection(h, user, 'linkedin', account);
  return seedScheduledPost(h, user, post, linkedin, {
    scheduledFor: new Date('2026-03-05T09:00:00Z'),
    ...row,
  });
};

const rowOf = async (id: number) => {
  const [row] = await h.deps.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, id));
  return row;
};

const jobsFor = (id: number) =>
  sent.filter((job) => (job.data as { scheduledPostId: number }).scheduledPostId === id);

const FAILED = {
  status: 'failed' as const,
  failureKind: 'rejected',
  failureReason: 'LinkedIn refused the post',
  attempts: 1,
  scheduledFor: new Date('2026-02-27T09:00:00Z'),
};

describe('PATCH /api/schedule/:id (moved on the calendar)', () => {
  it('moves a scheduled item and queues its job for the new instant', async () => {
    const item = await itemOf(owner);
    const answer = await call(owner, 'PATCH', `/schedule/${item.id}`, {
      PostedOn: '2026-03-07T16:30:00+01:00',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: TScheduleItem }>().data).toMatchObject({
      ID: item.id,
      PostedOn: '2026-03-07T15:30:00.000Z',
      status: 'scheduled',
    });
    expect((await rowOf(item.id))?.scheduledFor.toISOString()).toBe('2026-03-07T15:30:00.000Z');
    expect(jobsFor(item.id).map((job) => job.startAfter?.toISOString())).toEqual([
      '2026-03-07T15:30:00.000Z',
    ]);
  });

  it('tries a failed or held item again at its new time, its failure cleared', async () => {
    for (const state of [FAILED, { ...FAILED, status: 'held' as const, failureKind: 'unknown_outcome' }]) {
      const item = await itemOf(owner, state);
      const answer = await call(owner, 'PATCH', `/schedule/${item.id}`, { PostedOn: '2026-03-02T08:00:00Z' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ data: TScheduleItem }>().data).toMatchObject({
        status: 'scheduled',
        failure_reason: null,
        PostedOn: '2026-03-02T08:00:00.000Z',
        // The audit count stays: the attempts made are history.
        attempts: 1,
      });
      expect(await rowOf(item.id)).toMatchObject({
        status: 'scheduled',
        failureKind: null,
        failureReason: null,
      });
    }
  });

  it('keeps a platform’s pause when a waiting item is moved', async () => {
    const notBefore = new Date('2026-03-08T00:00:00Z');
    const item = await itemOf(owner, { notBefore, pausedReason: 'Instagram’s daily limit is reached' });
    const answer = await call(owner, 'PATCH', `/schedule/${item.id}`, { PostedOn: '2026-03-06T10:00:00Z' });
    expect(answer.json<{ data: TScheduleItem }>().data).toMatchObject({
      paused_until: '2026-03-08T00:00:00.000Z',
      paused_reason: 'Instagram’s daily limit is reached',
    });
  });

  it('refuses an item being published (409) or already published (409), and a time in the past (400)', async () => {
    const publishing = await itemOf(owner, { status: 'publishing', attempts: 1 });
    const busy = await call(owner, 'PATCH', `/schedule/${publishing.id}`, {
      PostedOn: '2026-03-09T10:00:00Z',
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(SCHEDULE_MESSAGES.publishingNow);

    const published = await itemOf(owner, { status: 'published', attempts: 1, publishedAt: NOW });
    const done = await call(owner, 'PATCH', `/schedule/${published.id}`, {
      PostedOn: '2026-03-09T10:00:00Z',
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(SCHEDULE_MESSAGES.alreadyPublished);

    const waiting = await itemOf(owner);
    const past = await call(owner, 'PATCH', `/schedule/${waiting.id}`, { PostedOn: '2026-03-01T11:59:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Pick a time in the future');
    const bad = await call(owner, 'PATCH', `/schedule/${waiting.id}`, { PostedOn: 'next Tuesday' });
    expect(bad.statusCode).toBe(400);
    expect((await rowOf(waiting.id))?.scheduledFor.toISOString()).toBe('2026-03-05T09:00:00.000Z');
    expect(jobsFor(publishing.id).concat(jobsFor(published.id), jobsFor(waiting.id))).toEqual([]);
  });

  it('loses to the engine when the engine took the row first: the item is with the platform (409)', async () => {
    const item = await itemOf(owner, { scheduledFor: new Date('2026-03-01T12:00:00Z') });
    // The user opened the calendar while it was still waiting; the engine claims it before the drag lands.
    await h.deps.db
      .update(scheduledPosts)
      .set({ status: 'publishing', attempts: sql`${scheduledPosts.attempts} + 1` })
      .where(and(eq(scheduledPosts.id, item.id), eq(scheduledPosts.status, 'scheduled')));
    const answer = await call(owner, 'PATCH', `/schedule/${item.id}`, { PostedOn: '2026-03-09T10:00:00Z' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(SCHEDULE_MESSAGES.publishingNow);
    expect(await rowOf(item.id)).toMatchObject({
      status: 'publishing',
      scheduledFor: new Date('2026-03-01T12:00:00Z'),
    });
  });

  it('lets exactly one of a drag and the engine’s claim through when they race', async () => {
    for (let round = 0; round < 5; round++) {
      const item = await itemOf(owner, { scheduledFor: new Date('2026-03-01T12:00:00Z') });
      // The engine's claim: only a waiting row that is due.
      const claim = h.deps.db
        .update(scheduledPosts)
        .set({ status: 'publishing' })
        .where(
          and(
            eq(scheduledPosts.id, item.id),
            eq(scheduledPosts.status, 'scheduled'),
            lte(scheduledPosts.scheduledFor, NOW),
          ),
        )
        .returning({ id: scheduledPosts.id });
      const drag = call(owner, 'PATCH', `/schedule/${item.id}`, { PostedOn: '2026-03-09T10:00:00Z' });
      const [claimed, dragged] = await Promise.all([claim, drag]);
      const row = await rowOf(item.id);
      if (dragged.statusCode === 200) {
        expect(claimed).toEqual([]);
        expect(row).toMatchObject({ status: 'scheduled', scheduledFor: new Date('2026-03-09T10:00:00Z') });
      } else {
        expect(dragged.statusCode).toBe(409);
        expect(claimed).toHaveLength(1);
        expect(row).toMatchObject({ status: 'publishing', scheduledFor: new Date('2026-03-01T12:00:00Z') });
      }
    }
  });

  it('refuses to move an item whose account was unlinked (409), and answers 404 for another user’s item', async () => {
    const orphan = await itemOf(owner, FAILED);
    await h.deps.db
      .update(scheduledPosts)
      .set({ connectionId: null })
      .where(eq(scheduledPosts.id, orphan.id));
    const unlinked = await call(owner, 'PATCH', `/schedule/${orphan.id}`, {
      PostedOn: '2026-03-09T10:00:00Z',
    });
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().message).toBe(SCHEDULE_MESSAGES.reconnectFirst);

    const theirs = await itemOf(stranger);
    const answer = await call(owner, 'PATCH', `/schedule/${theirs.id}`, { PostedOn: '2026-03-09T10:00:00Z' });
    expect(answer.statusCode).toBe(404);
    expect((await rowOf(theirs.id))?.scheduledFor.toISOString()).toBe('2026-03-05T09:00:00.000Z');
  });
});

describe('DELETE /api/schedule/:id', () => {
  it('takes a waiting or failed item off the calendar', async () => {
    for (const state of [{}, FAILED]) {
      const item = await itemOf(owner, state);
      const answer = await call(owner, 'DELETE', `/schedule/${item.id}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: SCHEDULE_MESSAGES.cancelled });
      expect(await rowOf(item.id)).toBeUndefined();
    }
  });

  it('keeps an item being published or published (409), and another user’s (404)', async () => {
    const publishing = await itemOf(owner, { status: 'publishing' });
    const busy = await call(owner, 'DELETE', `/schedule/${publishing.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(SCHEDULE_MESSAGES.publishingNow);
    const published = await itemOf(owner, { status: 'published', publishedAt: NOW });
    const done = await call(owner, 'DELETE', `/schedule/${published.id}`);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(SCHEDULE_MESSAGES.alreadyPublished);
    const theirs = await itemOf(stranger);
    expect((await call(owner, 'DELETE', `/schedule/${theirs.id}`)).statusCode).toBe(404);
    for (const id of [publishing.id, published.id, theirs.id]) expect(await rowOf(id)).toBeDefined();
  });
});

describe('POST /api/schedule/:id/retry', () => {
  it('sends a failed or held item again now: scheduled for this instant, failure cleared, job queued now', async () => {
    for (const state of [
      FAILED,
      { ...FAILED, status: 'held' as const, notBefore: new Date('2026-03-01T13:00:00Z') },
    ]) {
      const item = await itemOf(owner, state);
      const answer = await call(owner, 'POST', `/schedule/${item.id}/retry`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ data: TScheduleItem }>().data).toMatchObject({
        status: 'scheduled',
        PostedOn: NOW.toISOString(),
        failure_reason: null,
        paused_until: null,
      });
      expect(await rowOf(item.id)).toMatchObject({ status: 'scheduled', failureKind: null, notBefore: null });
      expect(jobsFor(item.id).map((job) => job.startAfter)).toEqual([NOW]);
    }
  });

  it('refuses what is not failed or held with the reason (409)', async () => {
    const cases: [Partial<ScheduledPostRow>, string][] = [
      [{}, SCHEDULE_MESSAGES.notRetryable],
      [{ status: 'publishing' }, SCHEDULE_MESSAGES.publishingNow],
      [{ status: 'published', publishedAt: NOW }, SCHEDULE_MESSAGES.alreadyPublished],
    ];
    for (const [state, message] of cases) {
      const item = await itemOf(owner, state);
      const answer = await call(owner, 'POST', `/schedule/${item.id}/retry`);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(message);
      expect(jobsFor(item.id)).toEqual([]);
    }
  });

  it('asks to reconnect an account the platform stopped taking, or that was unlinked, before retrying', async () => {
    const expired = await itemOf(owner, FAILED, { status: 'reconnect' });
    const answer = await call(owner, 'POST', `/schedule/${expired.id}/retry`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: 'reconnect', message: SCHEDULE_MESSAGES.reconnectFirst });
    expect((await rowOf(expired.id))?.status).toBe('failed');

    const orphan = await itemOf(owner, FAILED);
    await h.deps.db
      .update(scheduledPosts)
      .set({ connectionId: null })
      .where(eq(scheduledPosts.id, orphan.id));
    expect((await call(owner, 'POST', `/schedule/${orphan.id}/retry`)).statusCode).toBe(409);
  });

  it('answers 404 for another user’s item', async () => {
    const theirs = await itemOf(stranger, FAILED);
    expect((await call(owner, 'POST', `/schedule/${theirs.id}/retry`)).statusCode).toBe(404);
    expect((await rowOf(theirs.id))?.status).toBe('failed');
  });
});
