import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { contentItems, type ScheduledPostRow, socialConnections } from '../../../db/schema';
import type { Publisher, PublishPiece } from '../publisher';
import { PLATFORM_NAMES } from '../publishers/content-checks';

/** Why a post cannot even be tried: what the user reads on the calendar and in the notice. */
export type Unpublishable = { kind: string; reason: string; reconnect: boolean };

/**
 * Everything one platform call needs, or why there can be none: the account was unlinked, the content is
 * gone, the account must be reconnected first (its token is known dead: trying would only be refused), or
 * no publisher exists for the platform.
 */
export const loadPiece = async (
  deps: AppDeps,
  post: ScheduledPostRow,
  publishers: Partial<Record<ScheduledPostRow['platform'], Publisher>>,
): Promise<{ piece: PublishPiece; publisher: Publisher } | { cannot: Unpublishable }> => {
  const platform = PLATFORM_NAMES[post.platform];
  if (!post.connectionId)
    return {
      cannot: {
        kind: 'unlinked',
        reason: `The ${platform} account was unlinked. Connect it on the Integrations page and schedule the post again.`,
        reconnect: false,
      },
    };
  const [connection] = await deps.db
    .select()
    .from(socialConnections)
    .where(eq(socialConnections.id, post.connectionId));
  if (!connection)
    return {
      cannot: {
        kind: 'unlinked',
        reason: `The ${platform} account was unlinked. Connect it on the Integrations page and schedule the post again.`,
        reconnect: false,
      },
    };
  const [item] = await deps.db.select().from(contentItems).where(eq(contentItems.id, post.contentItemId));
  if (!item)
    return { cannot: { kind: 'content_missing', reason: 'The content was deleted.', reconnect: false } };
  if (connection.status === 'reconnect')
    return {
      cannot: {
        kind: 'auth_expired',
        reason: `Reconnect your ${platform} account on the Integrations page: ${connection.statusReason ?? `${platform} no longer accepts its sign-in.`}`,
        reconnect: true,
      },
    };
  if (connection.tokenExpiresAt && connection.tokenExpiresAt.getTime() <= deps.clock.now().getTime())
    return {
      cannot: {
        kind: 'auth_expired',
        reason: `The ${platform} sign-in ended on ${connection.tokenExpiresAt.toISOString().slice(0, 10)}. Reconnect the account on the Integrations page.`,
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
    piece: { post, item, connection, token: deps.vault.open(connection.sealedToken) },
  };
};
