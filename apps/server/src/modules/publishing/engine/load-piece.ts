import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import {
  type ContentItemRow,
  contentItems,
  type ScheduledPostRow,
  type SocialConnectionRow,
  scheduledPosts,
  socialConnections,
} from '../../../db/schema';
import type { Publisher, PublishPiece } from '../publisher';
import { PLATFORM_NAMES } from '../publishers/content-checks';
import { openAccountToken } from './account-tokens';

/** A scheduled post with its content and account (null when gone), read in one query. */
export type LoadedPost = {
  post: ScheduledPostRow;
  item: ContentItemRow | null;
  connection: SocialConnectionRow | null;
};

/** Scheduled posts with their content and accounts, read in one query (a batch of jobs reads its posts once). */
export const loadScheduledPosts = async (deps: AppDeps, ids: number[]): Promise<Map<number, LoadedPost>> => {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select()
    .from(scheduledPosts)
    .leftJoin(contentItems, eq(contentItems.id, scheduledPosts.contentItemId))
    .leftJoin(socialConnections, eq(socialConnections.id, scheduledPosts.connectionId))
    .where(ids.length === 1 ? eq(scheduledPosts.id, ids[0] ?? 0) : inArray(scheduledPosts.id, ids));
  return new Map(
    rows.map((row) => [
      row.scheduled_posts.id,
      { post: row.scheduled_posts, item: row.content_items, connection: row.social_connections },
    ]),
  );
};

export const loadScheduledPost = async (deps: AppDeps, id: number): Promise<LoadedPost | null> =>
  (await loadScheduledPosts(deps, [id])).get(id) ?? null;

/** Why a post cannot even be tried: what the user reads on the calendar and in the notice. */
export type Unpublishable = { kind: string; reason: string; reconnect: boolean };

/**
 * Everything one platform call needs, or why there can be none: the account was unlinked, the content is
 * gone, the account must be reconnected first (its token is known dead: trying would only be refused), or
 * no publisher exists for the platform.
 */
export const pieceOf = (
  deps: AppDeps,
  { post, item, connection }: LoadedPost,
  publishers: Partial<Record<ScheduledPostRow['platform'], Publisher>>,
): { piece: PublishPiece; publisher: Publisher } | { cannot: Unpublishable } => {
  const platform = PLATFORM_NAMES[post.platform];
  if (!connection)
    return {
      cannot: {
        kind: 'unlinked',
        reason: `The ${platform} account was unlinked. Connect it again on the Integrations page, then retry the post.`,
        reconnect: false,
      },
    };
  if (!item)
    return { cannot: { kind: 'content_missing', reason: 'The content was deleted.', reconnect: false } };
  if (connection.status === 'reconnect')
    return {
      cannot: {
        kind: 'auth_expired',
        reason: `The ${platform} account must be reconnected: ${connection.statusReason ?? `${platform} no longer accepts its sign-in.`}`,
        reconnect: true,
      },
    };
  if (connection.tokenExpiresAt && connection.tokenExpiresAt.getTime() <= deps.clock.now().getTime())
    return {
      cannot: {
        kind: 'auth_expired',
        reason: `The ${platform} sign-in ended on ${connection.tokenExpiresAt.toISOString().slice(0, 10)}.`,
        reconnect: true,
      },
    };
  const publisher = publishers[post.platform];
  if (!publisher)
    return {
      cannot: {
        kind: 'invalid',
        reason: `Publishing to ${platform} is not available on this server.`,
        reconnect: false,
      },
    };
  return {
    publisher,
    piece: { post, item, connection, token: openAccountToken(deps.vault, connection.sealedToken) },
  };
};
