import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishScheduledPost } from '../src/modules/publishing/engine';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectLinkedIn, sandboxOf } from './support/platform-accounts';
import {
  attemptsOfPost,
  linkedInPostsOf,
  reloadPost,
  seedLinkedInPost,
  seedScheduledPost,
} from './support/publishing-engine-support';

/** Two worker processes on one database and one platform sandbox, as a scaled-out install runs. */
let first: Harness;
let second: Harness;

beforeAll(async () => {
  first = await startHarness({ engine: false });
  second = await startHarness({
    engine: false,
    database: first.database,
    env: { PLATFORM_SANDBOX_URL: sandboxOf(first).url },
  });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('Publishing engine across processes', () => {
  it('publishes each of 20 posts once while two processes run every job at the same moment', async () => {
    // The second process reaches the first one's sandbox: one LinkedIn for both.
    expect(second.services.platformSandbox).toBeNull();
    expect(second.deps.publishing.linkedin.apiBaseUrl).toBe(`${sandboxOf(first).url}/linkedin`);
    const user = await seedUser(first);
    const connection = await connectLinkedIn(first, user, { newMember: true });
    const posts = [];
    for (let n = 0; n < 20; n++) {
      const item = await seedLinkedInPost(first, user);
      posts.push(await seedScheduledPost(first, { user, itemId: item.id, connection, at: new Date() }));
    }

    const outcomes = await Promise.all(
      posts.flatMap((post) => [
        publishScheduledPost(first.deps, post.id),
        publishScheduledPost(second.deps, post.id),
      ]),
    );

    expect(outcomes.filter((outcome) => outcome === 'published')).toHaveLength(20);
    expect(linkedInPostsOf(first, connection)).toHaveLength(20);
    for (const post of posts) {
      expect((await reloadPost(first, post.id)).status).toBe('published');
      expect(await attemptsOfPost(first, post.id)).toHaveLength(1);
    }
  });
});
