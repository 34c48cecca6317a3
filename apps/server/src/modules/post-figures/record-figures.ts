import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type FigureCheckState, postFigureChecks, postFigures } from '../../db/schema';
import type { PostFigure } from '../../lib/clients/publishing/post-figures';
import type { DuePost } from './due-posts';

/**
 * Keeps a read's figures, one row per metric per post (the post and metric's row written over, so a second
 * read never duplicates), each with its source and the date the platform gives (else the read's time).
 */
export const recordFigures = async (
  deps: Pick<AppDeps, 'db'>,
  post: DuePost,
  read: { figures: PostFigure[]; source: string },
  now: Date,
): Promise<void> => {
  if (read.figures.length === 0) return;
  await deps.db
    .insert(postFigures)
    .values(
      read.figures.map((figure) => ({
        userId: post.userId,
        scheduledPostId: post.id,
        network: post.platform,
        metric: figure.metric,
        platformMetric: figure.platformMetric,
        value: figure.value,
        source: `${read.source} (${figure.platformMetric})`,
        figureDate: figure.asOf ?? now,
        fetchedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [postFigures.scheduledPostId, postFigures.metric],
      set: {
        platformMetric: sql`excluded.platform_metric`,
        value: sql`excluded.value`,
        source: sql`excluded.source`,
        figureDate: sql`excluded.figure_date`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
};

/** How the post's last read went, and when it is read again (null: never). */
export const recordCheck = async (
  deps: Pick<AppDeps, 'db'>,
  post: Pick<DuePost, 'id' | 'userId'>,
  check: { state: FigureCheckState; reason?: string | null; source?: string | null; next: Date | null },
  now: Date,
): Promise<void> => {
  const row = {
    state: check.state,
    reason: check.reason ?? null,
    source: check.source ?? null,
    checkedAt: now,
    nextCheckAt: check.next,
  };
  await deps.db
    .insert(postFigureChecks)
    .values({ scheduledPostId: post.id, userId: post.userId, ...row })
    .onConflictDoUpdate({ target: postFigureChecks.scheduledPostId, set: row });
};
