import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { undoGeneration } from './create-social-posts';
import { IMAGE_STALL_MS, queueSocialImage } from './render-social-image';
import { socialDataOf } from './social-data';

/**
 * Posts left 'generating' this long were being written by a request whose process died: the request is
 * long gone (the model's stream limit is 3 minutes), so they are removed and their unit given back.
 */
export const TEXT_STALL_MS = 5 * 60_000;

/**
 * At each worker start: generations whose process died mid-writing (on the partial index of the items
 * being written, never the whole table).
 */
export const recoverStalledSocialTexts = async (deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> => {
  const stalledBefore = new Date(deps.clock.now().getTime() - TEXT_STALL_MS);
  const rows = await deps.db
    .select({ id: contentItems.id, userId: contentItems.userId, data: contentItems.data })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.status, 'generating'),
        eq(contentItems.kind, 'social_post'),
        lt(contentItems.updatedAt, stalledBefore),
      ),
    )
    .limit(300);
  await undoGeneration(deps, rows);
  return rows.length;
};

/**
 * Pictures of these posts still 'rendering' IMAGE_STALL_MS after their job was queued: the job died
 * with its process (or was lost). Queued again; the job of the same version then makes it. Runs when
 * the owner reads the posts, so a picture never stays "rendering" for someone who is looking at it;
 * pg-boss also retries a job whose worker died once the job expires.
 */
export const recoverStalledSocialImages = async (
  deps: Pick<AppDeps, 'clock' | 'jobs'>,
  rows: readonly ContentItemRow[],
): Promise<number[]> => {
  const stalledBefore = deps.clock.now().getTime() - IMAGE_STALL_MS;
  const stalled = rows.filter((row) => {
    if (row.status !== 'ready') return false;
    const { image } = socialDataOf(row);
    return (
      image.status === 'rendering' && image.source !== 'input' && Date.parse(image.startedAt) < stalledBefore
    );
  });
  for (const row of stalled) {
    await queueSocialImage(deps.jobs, row.id, socialDataOf(row).image.version).catch(() => undefined);
  }
  return stalled.map((row) => row.id);
};
