import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import {
  type SocialConnectionMeta,
  type SocialConnectionRow,
  type SocialPlatform,
  socialConnections,
} from '../../db/schema';
import type { PublishError } from '../../lib/clients/publishing/types';
import { reattachOrphanedPosts } from './reattach-posts';

/** A connection as it is saved: the plain token is sealed here, and only here. */
export type NewConnection = {
  platform: SocialPlatform;
  externalId: string;
  name: string;
  pictureUrl: string | null;
  token: string;
  meta: SocialConnectionMeta;
  tokenExpiresAt: Date | null;
};

export const listConnections = (deps: AppDeps, userId: string): Promise<SocialConnectionRow[]> =>
  deps.db.select().from(socialConnections).where(eq(socialConnections.userId, userId));

export const connectionsOf = (
  deps: AppDeps,
  userId: string,
  platform: SocialPlatform,
): Promise<SocialConnectionRow[]> =>
  deps.db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, userId), eq(socialConnections.platform, platform)));

/**
 * Saves (or renews) a connection: a reconnect of the same account replaces its token and clears `reconnect`.
 * In the same transaction the account gets back the posts an earlier unlink took from it, so a failed post
 * can be retried at once and the calendar shows it on the account again. Answers the connection's id.
 */
export const saveConnection = async (
  deps: AppDeps,
  userId: string,
  connection: NewConnection,
): Promise<string> => {
  const now = deps.clock.now();
  const row = {
    name: connection.name,
    pictureUrl: connection.pictureUrl,
    sealedToken: deps.vault.seal(connection.token),
    meta: connection.meta,
    tokenExpiresAt: connection.tokenExpiresAt,
    status: 'connected' as const,
    statusReason: null,
    updatedAt: now,
  };
  return deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(socialConnections)
      .values({
        userId,
        platform: connection.platform,
        externalId: connection.externalId,
        ...row,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [socialConnections.userId, socialConnections.platform, socialConnections.externalId],
        set: row,
      })
      .returning({ id: socialConnections.id });
    if (!saved) throw new Error('saveConnection: the upsert answered no row');
    await reattachOrphanedPosts(
      tx,
      { userId, platform: connection.platform, externalId: connection.externalId, connectionId: saved.id },
      now,
    );
    return saved.id;
  });
};

/** Forgets the user's other accounts of a platform (a new LinkedIn member replaces the previous one). */
export const forgetOtherConnections = (
  deps: AppDeps,
  userId: string,
  platform: SocialPlatform,
  keepExternalId: string,
) =>
  deps.db
    .delete(socialConnections)
    .where(
      and(
        eq(socialConnections.userId, userId),
        eq(socialConnections.platform, platform),
        ne(socialConnections.externalId, keepExternalId),
      ),
    )
    .returning();

export const forgetConnection = (deps: AppDeps, id: string) =>
  deps.db.delete(socialConnections).where(eq(socialConnections.id, id));

/**
 * The platform stopped taking the stored token (expired, revoked, password changed): the tile asks the
 * user to connect again, with the platform's reason.
 */
export const markReconnect = async (deps: AppDeps, id: string, error: PublishError) => {
  await deps.db
    .update(socialConnections)
    .set({ status: 'reconnect', statusReason: error.message, updatedAt: deps.clock.now() })
    .where(eq(socialConnections.id, id));
};
