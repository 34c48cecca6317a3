import {
  SCHEDULE_MESSAGES,
  type TScheduleCreatedResponse,
  type TScheduleListResponse,
} from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open-database';
import {
  type ContentItemRow,
  type SocialConnectionRow,
  scheduledPosts,
  socialConnections,
} from '../src/db/schema';
import { orphansOf } from '../src/modules/integrations/reattach-posts';
import { publishScheduledPost } from '../src/modules/publishing/engine';
import { callAs, seedBlog, seedSocialPost } from './schedule-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectLinkedIn, connectMeta, connectWordpress, sandboxOf } from './support/platform-accounts';
import {
  linkedInPostsOf,
  reloadPost,
  seedLinkedInPost,
  seedScheduledPost,
  waitForStatus,
} from './support/publishing-engine-support';
import { openTestDatabase } from './support/test-database';

// Unlink → reconnect → Retry (issue 21): the API schedules and retries, the queue's worker publishes to the
// platform sandbox; the engine's recovery tick is off, so a post fails as unlinked only when the test says.
let h: Harness;
let call: ReturnType<typeof callAs>;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  call = callAs(h);
});
afterAll(() => h.close());

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Schedules the content for tomorrow 10:00 UTC on the account through the API; answers the row's id. */
const schedule = async (user: SeededUser, item: ContentItemRow, connection: SocialConnectionRow) => {
  const answer = await call(user, 'POST', '/schedule', {
    contentID: item.id,
    platforms: [connection.id],
    date: tomorrow(),
    hours: '10',
    minutes: '00',
    time_zone: 'UTC',
  });
  expect(answer.statusCode).toBe(201);
  const id = answer.json<TScheduleCreatedResponse>().data[0]?.ID;
  if (!id) throw new Error('no scheduled id');
  return id;
};

const unlinkLinkedIn = async (user: SeededUser) =>
  expect((await call(user, 'DELETE', '/gentoken', { social_media: 'linkedin' })).statusCode).toBe(200);

/** Its time comes while the account is unlinked: the engine fails it as unlinked. */
const failAsUnlinked = async (id: number) => {
  await h.deps.db
    .update(scheduledPosts)
    .set({ scheduledFor: new Date(Date.now() - 1_000) })
    .where(eq(scheduledPosts.id, id));
  expect(await publishScheduledPost(h.deps, id)).toBe('failed');
  expect(await reloadPost(h, id)).toMatchObject({ status: 'failed', failureKind: 'unlinked' });
};

/** A user with a LinkedIn member of their own (signed in at the sandbox), a post scheduled to it, unlinked. */
const aPostLeftByAnUnlink = async () => {
  const user = await seedUser(h);
  const first = await connectLinkedIn(h, user, { newMember: true });
  const item = await seedLinkedInPost(h, user);
  const id = await schedule(user, item, first);
  expect((await reloadPost(h, id)).targetAccountId).toBe(first.externalId);
  await unlinkLinkedIn(user);
  expect((await reloadPost(h, id)).connectionId).toBeNull();
  return { user, first, item, id };
};

describe('connecting an account again gives it back the posts an unlink took', () => {
  it('re-attaches a post that failed as unlinked to the same LinkedIn member, and Retry publishes it', async () => {
    const { user, first, item, id } = await aPostLeftByAnUnlink();
    await failAsUnlinked(id);
    const refused = await call(user, 'POST', `/schedule/${id}/retry`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, SCHEDULE_MESSAGES.reconnectFirst]);

    // The sandbox's signed-in member is still the same one: the same account comes back.
    const again = await connectLinkedIn(h, user);
    expect(again.externalId).toBe(first.externalId);
    expect(again.id).not.toBe(first.id);
    expect((await reloadPost(h, id)).connectionId).toBe(again.id);
    const calendar = await call(user, 'GET', `/schedule?content_id=${item.id}`);
    expect(calendar.json<TScheduleListResponse>().data).toMatchObject([
      { ID: id, connection_id: again.id, status: 'failed' },
    ]);

    const retried = await call(user, 'POST', `/schedule/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    const published = await waitForStatus(h, id, 'published');
    expect(published.connectionId).toBe(again.id);
    expect(linkedInPostsOf(h, again)).toHaveLength(1);
  });

  it('re-attaches a post still waiting for its time, which then keeps its time', async () => {
    const { user, id } = await aPostLeftByAnUnlink();
    const before = await reloadPost(h, id);
    const again = await connectLinkedIn(h, user);
    expect(await reloadPost(h, id)).toMatchObject({
      connectionId: again.id,
      status: 'scheduled',
      scheduledFor: before.scheduledFor,
    });
  });

  it('leaves the posts alone when another LinkedIn member is connected', async () => {
    const { user, id } = await aPostLeftByAnUnlink();
    const other = await connectLinkedIn(h, user, { newMember: true });
    expect((await reloadPost(h, id)).connectionId).toBeNull();
    expect((await call(user, 'POST', `/schedule/${id}/retry`)).statusCode).toBe(409);
    expect(linkedInPostsOf(h, other)).toHaveLength(0);
  });

  it('never gives another user’s posts to an account, even the same LinkedIn member', async () => {
    const { first, id } = await aPostLeftByAnUnlink();
    // Another user of the app connects the very same member (still signed in at the sandbox).
    const someoneElse = await seedUser(h);
    const theirs = await connectLinkedIn(h, someoneElse);
    expect(theirs.externalId).toBe(first.externalId);
    expect((await reloadPost(h, id)).connectionId).toBeNull();
  });

  it('takes one post per content item, and leaves one whose content already went to the account', async () => {
    const user = await seedUser(h);
    const connection = await connectLinkedIn(h, user, { newMember: true });
    const orphanOf = (item: ContentItemRow, changes: Parameters<typeof seedScheduledPost>[1]['changes']) =>
      seedScheduledPost(h, {
        user,
        itemId: item.id,
        connection: null,
        at: new Date(Date.now() + 86_400_000),
        changes: { targetAccountId: connection.externalId, ...changes },
      });
    // Content already on the account, and an orphan of it: the unique index would refuse taking it.
    const onIt = await seedLinkedInPost(h, user);
    const kept = await schedule(user, onIt, connection);
    const duplicate = await orphanOf(onIt, {});
    // Two orphans of one content item: the one still waiting is taken, the published one stays history.
    const twice = await seedLinkedInPost(h, user);
    const history = await orphanOf(twice, { status: 'published', publishedAt: new Date() });
    const waiting = await orphanOf(twice, { status: 'failed', failureKind: 'unlinked' });

    // The account is renewed (same row) and connected again without a refusal.
    const again = await connectLinkedIn(h, user);
    expect(again.id).toBe(connection.id);
    expect((await reloadPost(h, kept)).connectionId).toBe(connection.id);
    expect((await reloadPost(h, duplicate.id)).connectionId).toBeNull();
    expect((await reloadPost(h, waiting.id)).connectionId).toBe(connection.id);
    expect((await reloadPost(h, history.id)).connectionId).toBeNull();
  });

  it('gives a WordPress site and a Facebook page their posts back too (their platform account ids)', async () => {
    const user = await seedUser(h);
    const site = await connectWordpress(h, user);
    const page = await connectMeta(h, user, 'facebook');
    const blog = await schedule(user, await seedBlog(h, user), site);
    const social = await schedule(user, await seedSocialPost(h, user, 'facebook'), page);
    expect((await reloadPost(h, blog)).targetAccountId).toBe(`${sandboxOf(h).url}/wp/demo editor`);
    expect((await reloadPost(h, social)).targetAccountId).toBe(page.externalId);

    // Neither has an unlink call: the connections are forgotten as an unlink forgets one.
    await h.deps.db.delete(socialConnections).where(eq(socialConnections.userId, user.user.id));
    expect((await reloadPost(h, blog)).connectionId).toBeNull();
    expect((await reloadPost(h, social)).connectionId).toBeNull();

    const siteAgain = await connectWordpress(h, user);
    const pageAgain = await connectMeta(h, user, 'facebook');
    expect((await reloadPost(h, blog)).connectionId).toBe(siteAgain.id);
    expect((await reloadPost(h, social)).connectionId).toBe(pageAgain.id);
  });
});

describe('finding the posts to give back', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(process.env.DATABASE_URL);
    // Without rows the planner would scan the table: what matters is that the partial index serves it.
    await database.executeSql('set enable_seqscan = off');
  });
  afterAll(() => database.close());

  it('reads the orphans off the partial (user_id, platform, target_account_id) index', async () => {
    const statement = orphansOf(h.deps.db, {
      userId: '00000000-0000-0000-0000-000000000000',
      platform: 'linkedin',
      externalId: 'member',
      connectionId: '00000000-0000-0000-0000-000000000001',
    }).toSQL();
    const answer = await database.executeSql(`explain ${statement.sql}`, statement.params);
    const plan = (answer.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toMatch(/scheduled_posts_orphans_idx/);
  });
});
