import { randomBytes } from 'node:crypto';
import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { and, asc, eq } from 'drizzle-orm';
import {
  notices,
  type PublishAttemptRow,
  publishAttempts,
  type ScheduledPostRow,
  type SocialConnectionRow,
  scheduledPosts,
  socialConnections,
} from '../../src/db/schema';
import { seedContentItem } from './content-factories';
import type { SeededUser } from './factories';
import type { Harness } from './harness';

/** The in-process platform sandbox of the harness (tests run without platform credentials). */
export const sandboxOf = (h: Harness): PlatformSandbox => {
  if (!h.services.platformSandbox) throw new Error('the platform sandbox should run in tests');
  return h.services.platformSandbox;
};

/**
 * Connects a LinkedIn member of their own for the user the way the Integrations page does: the consent
 * page's Allow, then the code exchanged by POST /gentoken. Answers the saved connection.
 */
export const connectLinkedIn = async (h: Harness, user: SeededUser): Promise<SocialConnectionRow> => {
  const linkedin = sandboxOf(h).platforms.linkedin;
  const member = linkedin.addMember({ name: `Member ${randomBytes(3).toString('hex')}`, email: user.email });
  linkedin.signInAs(member.sub);
  const authorize = await h.call('GET', '/api/integrations/linkedin/authorize', { token: user.accessToken });
  const url = new URL(authorize.json().url);
  const decided = await fetch(new URL('authorization/decide', url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: url.searchParams.get('client_id') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      state: url.searchParams.get('state') ?? '',
      scope: url.searchParams.get('scope') ?? '',
      decision: 'allow',
    }),
  });
  const back = new URL(decided.headers.get('location') ?? '');
  const connected = await h.call('POST', '/api/gentoken', {
    token: user.accessToken,
    body: {
      social_media: 'linkedin',
      user_access_token: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    },
  });
  if (connected.statusCode !== 200) throw new Error(`LinkedIn did not connect: ${connected.body}`);
  const [row] = await h.deps.db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, user.user.id), eq(socialConnections.platform, 'linkedin')));
  if (!row) throw new Error('no LinkedIn connection saved');
  return row;
};

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
      targetName: input.connection?.name ?? 'An account',
      scheduledFor: input.at,
      ...input.changes,
    })
    .returning();
  if (!row) throw new Error('seedScheduledPost: insert returned nothing');
  return row;
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
