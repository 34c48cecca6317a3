import { and, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-database';
import { type SocialPlatform, scheduledPosts } from '../../db/schema';

const taken = alias(scheduledPosts, 'taken');

type Target = { userId: string; platform: SocialPlatform; externalId: string; connectionId: string };

/**
 * The user's posts an unlink took from this account, one per content item: a content item goes to an
 * account once (the unique index on content and connection), so a post whose content already went to this
 * connection is left out, and of several orphans of one content item the one still waiting is preferred to
 * a published one, else the newest. Read off the partial index scheduled_posts_orphans_idx.
 */
export const orphansOf = (db: DbOrTx, target: Target) =>
  db
    .selectDistinctOn([scheduledPosts.contentItemId], { id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.userId, target.userId),
        eq(scheduledPosts.platform, target.platform),
        eq(scheduledPosts.targetAccountId, target.externalId),
        isNull(scheduledPosts.connectionId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(taken)
            .where(
              and(
                eq(taken.contentItemId, scheduledPosts.contentItemId),
                eq(taken.connectionId, target.connectionId),
              ),
            ),
        ),
      ),
    )
    .orderBy(
      scheduledPosts.contentItemId,
      sql`${scheduledPosts.status} = 'published'`,
      desc(scheduledPosts.id),
    );

/**
 * Unlinking an account nulls `connection_id` on its posts (the foreign key), so a post that failed as
 * unlinked could never be retried, even once the same account was connected again. Connecting an account
 * gives it back the user's posts meant for it (same user, same platform, same platform account id); called
 * in the transaction that saves the connection. Answers how many were given back.
 */
export const reattachOrphanedPosts = async (db: DbOrTx, target: Target, now: Date): Promise<number> => {
  const given = await db
    .update(scheduledPosts)
    .set({ connectionId: target.connectionId, updatedAt: now })
    .where(and(inArray(scheduledPosts.id, orphansOf(db, target)), isNull(scheduledPosts.connectionId)))
    .returning({ id: scheduledPosts.id });
  return given.length;
};
