import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems, publishAttempts, scheduledPosts, socialConnections } from '../src/db/schema';
import { publishScheduledPost } from '../src/modules/publishing/engine';
import type { SeededUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/platform-accounts';
import {
  aDuePost,
  attemptsOfPost,
  linkedInPostsOf,
  noticesOf,
  reloadPost,
  seedLinkedInPost,
  seedScheduledPost,
} from './support/publishing-engine-support';

let h: Harness;

beforeAll(async () => {
  // A short time limit, so a LinkedIn that takes the post and then hangs is a time-out in the test.
  h = await startHarness({ engine: false, env: { LINKEDIN_PUBLISH_TIMEOUT_MS: '1000' } });
});
afterAll(() => h.close());
beforeEach(() => sandboxOf(h).faults.clear());

const connectionRow = async (id: string) => {
  const [row] = await h.deps.db.select().from(socialConnections).where(eq(socialConnections.id, id));
  return row;
};

const expectReconnectTold = async (user: SeededUser, reason: string) => {
  const notices = await noticesOf(h, user);
  expect(notices).toMatchObject([{ kind: 'reconnect', link: '/integrations', readAt: null }]);
  expect(notices[0]?.title).toBe('Reconnect your LinkedIn account');
  expect(notices[0]?.body).toContain(reason);
  const mails = await h.mails(user.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toBe('Reconnect your LinkedIn account');
  expect(mails[0]?.text).toContain(`${h.config.appOrigin}/integrations`);
};

describe('Publishing engine: accounts that no longer work', () => {
  for (const death of ['expired', 'revoked'] as const) {
    it(`fails a post whose LinkedIn token was ${death}, asks to reconnect and tells the user`, async () => {
      const { user, connection, post } = await aDuePost(h);
      sandboxOf(h).platforms.linkedin.killTokensOf(connection.externalId, death);

      expect(await publishScheduledPost(h.deps, post.id)).toBe('failed');
      const failed = await reloadPost(h, post.id);
      expect(failed).toMatchObject({
        status: 'failed',
        failureKind: death === 'expired' ? 'auth_expired' : 'revoked',
      });
      expect(failed.failureReason).toMatch(/LinkedIn/);
      expect(await connectionRow(connection.id)).toMatchObject({
        status: 'reconnect',
        statusReason: failed.failureReason,
      });
      expect(linkedInPostsOf(h, connection)).toHaveLength(0);
      expect((await attemptsOfPost(h, post.id)).map((a) => [a.outcome, a.errorKind])).toEqual([
        ['failed', failed.failureKind],
      ]);
      await expectReconnectTold(user, failed.failureReason ?? '');

      // The next post for that account fails without calling LinkedIn, and says why.
      const next = await seedLinkedInPost(h, user);
      const nextPost = await seedScheduledPost(h, { user, itemId: next.id, connection, at: new Date() });
      expect(await publishScheduledPost(h.deps, nextPost.id)).toBe('failed');
      expect(await reloadPost(h, nextPost.id)).toMatchObject({
        status: 'failed',
        failureKind: 'auth_expired',
      });
      expect(await attemptsOfPost(h, nextPost.id)).toHaveLength(0);
      expect(await h.mails(user.email)).toHaveLength(2);
    });
  }

  it('fails a post whose LinkedIn sign-in ended without calling LinkedIn, and asks to reconnect', async () => {
    const { user, connection, post } = await aDuePost(h);
    await h.deps.db
      .update(socialConnections)
      .set({ tokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(socialConnections.id, connection.id));

    expect(await publishScheduledPost(h.deps, post.id)).toBe('failed');
    const failed = await reloadPost(h, post.id);
    expect(failed).toMatchObject({ status: 'failed', failureKind: 'auth_expired', attempts: 0 });
    expect(failed.failureReason).toMatch(/^The LinkedIn sign-in ended on \d{4}-\d{2}-\d{2}\.$/);
    expect(linkedInPostsOf(h, connection)).toHaveLength(0);
    await expectReconnectTold(user, failed.failureReason ?? '');
  });

  it('fails a post whose account was unlinked, with a clear reason, and tells the user', async () => {
    const { user, connection, post } = await aDuePost(h);
    await h.deps.db.delete(socialConnections).where(eq(socialConnections.id, connection.id));
    expect((await reloadPost(h, post.id)).connectionId).toBeNull();

    expect(await publishScheduledPost(h.deps, post.id)).toBe('failed');
    const failed = await reloadPost(h, post.id);
    expect(failed).toMatchObject({ status: 'failed', failureKind: 'unlinked' });
    expect(failed.failureReason).toBe(
      'The LinkedIn account was unlinked. Connect it again on the Integrations page, then retry the post.',
    );
    expect(await noticesOf(h, user)).toMatchObject([
      { kind: 'publish_failed', link: `/schedule?post=${post.id}` },
    ]);
    expect(await h.mails(user.email)).toHaveLength(1);
  });

  it('fails a post whose content can no longer be published (its text emptied), with the reason', async () => {
    const { user, item, post } = await aDuePost(h);
    await h.deps.db.update(contentItems).set({ body: '   ' }).where(eq(contentItems.id, item.id));

    expect(await publishScheduledPost(h.deps, post.id)).toBe('failed');
    expect(await reloadPost(h, post.id)).toMatchObject({
      status: 'failed',
      failureKind: 'invalid',
      failureReason: 'The content has no text to publish.',
    });
    expect((await noticesOf(h, user))[0]?.body).toContain('The content has no text to publish.');
  });

  it('does nothing for a post whose content was deleted (its row went with it)', async () => {
    const { connection, item, post } = await aDuePost(h);
    await h.deps.db.delete(contentItems).where(eq(contentItems.id, item.id));
    expect(await h.deps.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id))).toEqual([]);
    expect(await publishScheduledPost(h.deps, post.id)).toBe('skipped');
    expect(linkedInPostsOf(h, connection)).toHaveLength(0);
  });
});

describe('Publishing engine: platforms that fail', () => {
  it('pauses a LinkedIn that answers 503 with growing waits, then fails with the reason after 5 pauses', async () => {
    const { user, connection, post } = await aDuePost(h);
    sandboxOf(h).faults.inject({
      method: 'POST',
      path: '/linkedin/rest/posts',
      status: 503,
      times: 6,
      body: { status: 503, message: 'Down for maintenance' },
    });
    const waits: number[] = [];
    for (let pause = 0; pause < 5; pause++) {
      const before = Date.now();
      expect(await publishScheduledPost(h.deps, post.id)).toBe('paused');
      const paused = await reloadPost(h, post.id);
      expect(paused.status).toBe('scheduled');
      expect(paused.pausedReason).toBeTruthy();
      waits.push(Math.round(((paused.notBefore?.getTime() ?? 0) - before) / 60_000));
      // Its pause over (as if the minutes had passed).
      await h.deps.db
        .update(scheduledPosts)
        .set({ notBefore: new Date(Date.now() - 1_000) })
        .where(eq(scheduledPosts.id, post.id));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    expect(await publishScheduledPost(h.deps, post.id)).toBe('failed');
    const failed = await reloadPost(h, post.id);
    expect(failed).toMatchObject({ status: 'failed', failureKind: 'unavailable', attempts: 6 });
    expect(failed.failureReason).toMatch(/LinkedIn/);
    expect(linkedInPostsOf(h, connection)).toHaveLength(0);
    expect(await noticesOf(h, user)).toMatchObject([{ kind: 'publish_failed' }]);
  });

  it('reads back after a time-out on a post LinkedIn made, and publishes it once', async () => {
    const { connection, post } = await aDuePost(h);
    sandboxOf(h).faults.inject({
      method: 'POST',
      path: '/linkedin/rest/posts',
      status: 201,
      delay_ms: 2_500,
      after_handling: true,
    });
    expect(await publishScheduledPost(h.deps, post.id)).toBe('published');
    const platformPosts = linkedInPostsOf(h, connection);
    expect(platformPosts).toHaveLength(1);
    expect(await reloadPost(h, post.id)).toMatchObject({
      status: 'published',
      externalId: platformPosts[0]?.urn,
    });
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts.map((a) => [a.action, a.outcome, a.errorKind])).toEqual([
      ['publish', 'unknown', 'unknown_outcome'],
      ['read_back', 'found', null],
    ]);
  });

  it('takes a duplicate refusal that follows a lost answer as its own post: published, once', async () => {
    const { user, connection, item, post } = await aDuePost(h);
    // An earlier attempt's answer was lost and LinkedIn did not list the post yet (read back: not found);
    // LinkedIn has it now, and refuses the same text again.
    const startedAt = new Date(Date.now() - 60_000);
    await h.deps.db.insert(publishAttempts).values([
      {
        scheduledPostId: post.id,
        userId: user.user.id,
        number: 1,
        action: 'publish',
        startedAt,
        finishedAt: startedAt,
        outcome: 'unknown',
        errorKind: 'unknown_outcome',
      },
      {
        scheduledPostId: post.id,
        userId: user.user.id,
        number: 2,
        action: 'read_back',
        startedAt,
        finishedAt: startedAt,
        outcome: 'not_found',
      },
    ]);
    await h.deps.db.update(scheduledPosts).set({ attempts: 2 }).where(eq(scheduledPosts.id, post.id));
    const { publishLinkedInPost } = await import('../src/lib/clients/publishing/linkedin');
    const made = await publishLinkedInPost(h.deps.publishing.linkedin, {
      accessToken: h.deps.vault.open(connection.sealedToken),
      memberSub: connection.externalId,
      text: item.body,
    });

    expect(await publishScheduledPost(h.deps, post.id)).toBe('published');
    expect(await reloadPost(h, post.id)).toMatchObject({ status: 'published', externalId: made.externalId });
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts.at(-1)).toMatchObject({ number: 3, action: 'publish', outcome: 'found' });
    expect(await noticesOf(h, user)).toEqual([]);
  });
});
