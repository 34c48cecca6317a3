import { createHash } from 'node:crypto';
import type { TCreateSocialPostsResponse, TSocialNetwork } from '@sales-assist/contract';
import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type ContentItemRow,
  contentItems,
  type ScheduledPostRow,
  type SocialConnectionRow,
} from '../src/db/schema';
import { isPublishError, type PublishError } from '../src/lib/clients/publishing/types';
import type { PublishPiece } from '../src/modules/publishing/publisher';
import { settledPicture } from './socials-support';
import { setTier, withWebsite } from './support/blog-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/platform-accounts';
import { type SeededTheme, seedTheme } from './support/template-factories';

export { freePort } from './support/free-port';

/** A Premium user with a website: what the studio needs to write social posts. */
export const studioUser = async (h: Harness): Promise<SeededUser> => {
  const user = await seedUser(h);
  await withWebsite(h, user.user.id);
  await setTier(h, user.user.id, 'Premium');
  return user;
};

/**
 * A harness for a publisher's tests (no engine: the test calls the publisher), its platform sandbox,
 * and a studio user whose accounts `connect` connects. `env` overrides the harness's environment.
 */
export const startPublisherHarness = async (
  connect: (h: Harness, user: SeededUser) => Promise<unknown>,
  env: Record<string, string> = {},
): Promise<{ h: Harness; sandbox: PlatformSandbox; user: SeededUser }> => {
  const h = await startHarness({ engine: false, env });
  const user = await studioUser(h);
  await connect(h, user);
  return { h, sandbox: sandboxOf(h), user };
};

/** A UUID-shaped reference that is the same for the same text. */
const refOf = (text: string) =>
  createHash('sha256')
    .update(text)
    .digest('hex')
    .slice(0, 32)
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * What the engine hands a publisher: the scheduled row (as it would be while publishing), the content
 * and the connection with its token unsealed.
 */
export const pieceOf = (h: Harness, item: ContentItemRow, connection: SocialConnectionRow): PublishPiece => {
  const now = new Date();
  const post: ScheduledPostRow = {
    id: item.id,
    userId: item.userId,
    contentItemId: item.id,
    connectionId: connection.id,
    platform: connection.platform,
    targetAccountId: connection.externalId,
    targetName: connection.name,
    scheduledFor: now,
    status: 'publishing',
    attempts: 1,
    notBefore: null,
    pausedReason: null,
    externalId: null,
    externalUrl: null,
    // One scheduled row per item and account here, so one reference: as the row's own would be.
    publishRef: refOf(`${item.id} ${connection.id}`),
    failureKind: null,
    failureReason: null,
    publishedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  return { post, item, connection, token: h.deps.vault.open(connection.sealedToken) };
};

export const itemOf = async (h: Harness, id: number): Promise<ContentItemRow> => {
  const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, id));
  if (!row) throw new Error(`no content item ${id}`);
  return row;
};

export const insertItem = async (
  h: Harness,
  user: SeededUser,
  row: Pick<ContentItemRow, 'kind' | 'title' | 'body'> & Partial<Pick<ContentItemRow, 'status' | 'data'>>,
): Promise<ContentItemRow> => {
  const [saved] = await h.deps.db
    .insert(contentItems)
    .values({ userId: user.user.id, writer: 'offline', ...row })
    .returning();
  if (!saved) throw new Error('no content item saved');
  return saved;
};

/** A LinkedIn post as the studio saves it: hook, body and hashtags in one text, the hashtags read back. */
export const insertLinkedInPost = (h: Harness, user: SeededUser, text: string) =>
  insertItem(h, user, {
    kind: 'linkedin_post',
    title: text.split('\n')[0] ?? '',
    body: text,
    data: {
      hook: text.split('\n')[0] ?? '',
      hashtags: [...text.matchAll(/#\w+/g)].map((m) => m[0]),
      status: 'draft',
      source: { type: 'topic', label: 'Pipelines', id: null },
      variant: 0,
      variants: 1,
    },
  });

/** One theme per harness (test files may share this module while each has its own database). */
const themes = new WeakMap<Harness, SeededTheme>();

/**
 * Social posts written by the studio itself (POST /api/socials, the offline writer), one per network,
 * with their theme pictures drawn: the items the publishers meet in real use.
 */
export const studioSocialPosts = async (
  h: Harness,
  user: SeededUser,
  networks: TSocialNetwork[],
  topic: string,
): Promise<Record<TSocialNetwork, ContentItemRow>> => {
  const theme = themes.get(h) ?? (await seedTheme(h.deps.db));
  themes.set(h, theme);
  const answer = await h.call('POST', '/api/socials', {
    token: user.accessToken,
    body: { networks, theme_id: theme.id, topic },
  });
  expect(answer.statusCode).toBe(201);
  const posts = answer.json<TCreateSocialPostsResponse>().items;
  const byNetwork = {} as Record<TSocialNetwork, ContentItemRow>;
  for (const post of posts) {
    expect((await settledPicture(h, user, post.id)).image.status).toBe('ready');
    byNetwork[post.network] = await itemOf(h, post.id);
  }
  return byNetwork;
};

/** The stored bytes of a social post's picture. */
export const pictureBytesOf = async (h: Harness, item: ContentItemRow): Promise<Buffer> => {
  const key = (item.data as { image: { storageKey: string } }).image.storageKey;
  const file = await h.deps.storage.get(key);
  if (!file) throw new Error('the picture is not stored');
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

/** Runs `action` and answers the PublishError it throws (failing the test when it throws anything else). */
export const publishErrorOf = async (action: () => Promise<unknown>): Promise<PublishError> => {
  try {
    await action();
  } catch (error) {
    if (isPublishError(error)) return error;
    throw error;
  }
  throw new Error('expected a PublishError, but the call succeeded');
};
