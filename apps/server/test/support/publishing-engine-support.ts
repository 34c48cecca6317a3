import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  notices,
  type PublishAttemptRow,
  publishAttempts,
  type ScheduledPostRow,
  type SocialConnectionRow,
  scheduledPosts,
} from '../../src/db/schema';
import { seedContentItem } from './content-factories';
import { type SeededUser, seedUser } from './factories';
import type { Harness } from './harness';
import { connectLinkedIn, sandboxOf } from './platform-accounts';

/** A LinkedIn post of the studio (its data carries draft/scheduled/published) with text of its own. */
export const seedLinkedInPost = (h: Harness, user: SeededUser, text = uniqueText()) =>
  seedContentItem(h, user.user.id, {
    kind: 'linkedin_post',
    title: text.slice(0, 40),
    body: text,
    data: { status: 'scheduled', hook: text.slice(0, 40), hashtags: [] },
  });

export const uniqueText = (about = 'Roasting notes') =>
  `${about} ${randomBytes(4).toString('hex')}: light roasts keep the fruit, dark roasts keep the body.`;

/** A row as the schedule API saves it: one content item to one connected account at one instant. */
export const seedScheduledPost = async (
  h: Harness,
  input: {
    user: SeededUser;
    itemId: number;
    connection: SocialConnectionRow | null;
    at: Date;
    changes?: Partial<ScheduledPostRow>;
  },
): Promise<ScheduledPostRow> => {
  const [row] = await h.deps.db
    .insert(scheduledPosts)
    .values({
      userId: input.user.user.id,
      contentItemId: input.itemId,
      connectionId: input.connection?.id ?? null,
      platform: input.connection?.platform ?? 'linkedin',
      targetAccountId: input.connection?.externalId ?? null,
      targetName: input.connection?.name ?? 'An account',
      scheduledFor: input.at,
      ...input.changes,
    })
    .returning();
  if (!row) throw new Error('seedScheduledPost: insert returned nothing');
  return row;
};

/** A new user with a LinkedIn member of their own: what they publish there is theirs alone. */
export const aUserWithLinkedIn = async (h: Harness) => {
  const user = await seedUser(h);
  const connection = await connectLinkedIn(h, user, { newMember: true });
  return { user, connection };
};

/** A new user with a LinkedIn member of their own and a post for it, due `at` (now unless told). */
export const aDuePost = async (h: Harness, at = new Date()) => {
  const { user, connection } = await aUserWithLinkedIn(h);
  const item = await seedLinkedInPost(h, user);
  const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at });
  return { user, connection, item, post };
};

export const reloadPost = async (h: Harness, id: number): Promise<ScheduledPostRow> => {
  const [row] = await h.deps.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, id));
  if (!row) throw new Error(`no scheduled post ${id}`);
  return row;
};

export const attemptsOfPost = (h: Harness, id: number): Promise<PublishAttemptRow[]> =>
  h.deps.db
    .select()
    .from(publishAttempts)
    .where(eq(publishAttempts.scheduledPostId, id))
    .orderBy(asc(publishAttempts.number));

export const noticesOf = (h: Harness, user: SeededUser) =>
  h.deps.db.select().from(notices).where(eq(notices.userId, user.user.id)).orderBy(asc(notices.id));

/** What LinkedIn holds from this connection's member. */
export const linkedInPostsOf = (h: Harness, connection: SocialConnectionRow) =>
  sandboxOf(h)
    .platforms.linkedin.posts()
    .filter((post) => post.author === `urn:li:person:${connection.externalId}`);

/** Polls until `check` answers something truthy (the queue's worker works in the background). */
export const waitFor = async <T>(
  check: () => Promise<T | null | undefined | false>,
  options: { timeoutMs?: number; what?: string } = {},
): Promise<T> => {
  const until = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const waitForStatus = (
  h: Harness,
  id: number,
  status: ScheduledPostRow['status'],
  timeoutMs?: number,
) =>
  waitFor(
    async () => {
      const post = await reloadPost(h, id);
      return post.status === status ? post : null;
    },
    { what: `post ${id} to be ${status}`, ...(timeoutMs ? { timeoutMs } : {}) },
  );
