import { NOTICES_PAGE_SIZE, SCHEDULE_MESSAGES, type TNoticesResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../src/db/schema';
import { notify } from '../src/modules/notices/notify';
import { type ScheduleHarness, startScheduleHarness } from './schedule-support';
import { type SeededUser, seedUser } from './support/factories';
import type { Harness } from './support/harness';

let h: Harness;
let clock: ScheduleHarness['clock'];
let call: ScheduleHarness['call'];
let stranger: SeededUser;

beforeAll(async () => {
  ({ h, clock, call, stranger } = await startScheduleHarness(new Date('2026-03-01T12:00:00Z')));
});
afterAll(() => h.close());

/** `count` notices for the user, a second apart, numbered from 1 (the oldest). */
const tell = async (user: SeededUser, count: number) => {
  for (let number = 1; number <= count; number++) {
    clock.advance(1_000);
    await notify(
      h.deps,
      { id: user.user.id, email: user.email },
      {
        kind: 'publish_failed',
        title: `Post ${number} was not published`,
        body: `LinkedIn refused post ${number}.`,
        link: `/schedule?post=${number}`,
      },
      { email: false },
    );
  }
};

const page = async (user: SeededUser, cursor?: string) => {
  const answer = await call(user, 'GET', `/notices${cursor ? `?cursor=${cursor}` : ''}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TNoticesResponse>();
};

describe('GET /api/notices', () => {
  it(`answers the caller’s notices newest first, ${NOTICES_PAGE_SIZE} a page, with the unread count`, async () => {
    const user = await seedUser(h);
    await tell(user, NOTICES_PAGE_SIZE + 5);
    await tell(stranger, 2);

    const first = await page(user);
    expect(first.unread).toBe(NOTICES_PAGE_SIZE + 5);
    expect(first.data).toHaveLength(NOTICES_PAGE_SIZE);
    expect(first.data[0]).toMatchObject({
      kind: 'publish_failed',
      title: `Post ${NOTICES_PAGE_SIZE + 5} was not published`,
      body: `LinkedIn refused post ${NOTICES_PAGE_SIZE + 5}.`,
      link: `/schedule?post=${NOTICES_PAGE_SIZE + 5}`,
      read: false,
    });
    expect(first.next_cursor).not.toBeNull();

    const second = await page(user, first.next_cursor ?? '');
    expect(second.data.map((notice) => notice.title)).toEqual(
      [5, 4, 3, 2, 1].map((number) => `Post ${number} was not published`),
    );
    expect(second.next_cursor).toBeNull();
    const ids = [...first.data, ...second.data].map((notice) => notice.id);
    expect(new Set(ids).size).toBe(NOTICES_PAGE_SIZE + 5);
  });

  it('answers an empty page to a user with no notice, and refuses a cursor it did not give', async () => {
    const user = await seedUser(h);
    expect(await page(user)).toEqual({ data: [], unread: 0, next_cursor: null });
    const forged = await call(user, 'GET', '/notices?cursor=not-a-cursor');
    expect(forged.statusCode).toBe(400);
  });

  it('e-mails a notice when asked to, with its link in the app', async () => {
    const user = await seedUser(h);
    await notify(
      h.deps,
      { id: user.user.id, email: user.email },
      {
        kind: 'reconnect',
        title: 'Reconnect LinkedIn',
        body: 'LinkedIn stopped taking our access <for Ada>.',
        link: '/integrations',
      },
      { email: true },
    );
    const [mail] = await h.mails(user.email);
    expect(mail?.subject).toBe('Reconnect LinkedIn');
    expect(mail?.text).toContain(`${h.config.appOrigin}/integrations`);
    expect(mail?.html).toContain('&lt;for Ada&gt;');
    expect((await page(user)).unread).toBe(1);
  });
});

describe('POST /api/notices/read', () => {
  it('marks the notices named, then all, and answers what is left unread', async () => {
    const user = await seedUser(h);
    await tell(user, 4);
    const [newest, second] = (await page(user)).data;

    const some = await call(user, 'POST', '/notices/read', { ids: [newest?.id, second?.id] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ unread: 2 });
    const after = await page(user);
    expect(after.data.map((notice) => notice.read)).toEqual([true, true, false, false]);

    const all = await call(user, 'POST', '/notices/read', {});
    expect(all.json()).toEqual({ unread: 0 });
    expect((await page(user)).data.every((notice) => notice.read)).toBe(true);
  });

  it('answers 404 when a notice named is another user’s, and marks none of the list', async () => {
    const user = await seedUser(h);
    await tell(user, 1);
    await tell(stranger, 1);
    const [mine] = (await page(user)).data;
    const [theirs] = (await page(stranger)).data;
    const answer = await call(user, 'POST', '/notices/read', { ids: [mine?.id, theirs?.id] });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'not_found', message: SCHEDULE_MESSAGES.noticeNotFound });
    const rows = await h.deps.db.select().from(notices).where(eq(notices.userId, user.user.id));
    expect(rows.every((row) => row.readAt === null)).toBe(true);
    const [theirRow] = await h.deps.db
      .select()
      .from(notices)
      .where(eq(notices.id, theirs?.id ?? 0));
    expect(theirRow?.readAt).toBeNull();
  });

  it('marking all of one user’s notices leaves another user’s unread', async () => {
    const user = await seedUser(h);
    await tell(user, 1);
    const before = (await page(stranger)).unread;
    expect(before).toBeGreaterThan(0);
    await call(user, 'POST', '/notices/read', {});
    expect((await page(stranger)).unread).toBe(before);
  });

  it('refuses ids that are not ids', async () => {
    const user = await seedUser(h);
    const answer = await call(user, 'POST', '/notices/read', { ids: ['x'] });
    expect(answer.statusCode).toBe(400);
    expect((await h.call('GET', '/api/notices')).statusCode).toBe(401);
  });
});
