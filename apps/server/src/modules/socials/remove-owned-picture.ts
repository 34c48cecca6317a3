import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { socialDataOf } from './social-data';

/**
 * After a social post is deleted (here or from History): removes the picture file it owned (a model's
 * picture, a copied input picture) unless a copy of the post (History's duplicate) still shows it. A
 * rendered theme picture stays in the render cache. A file that cannot be removed is only space.
 */
export const removeOwnedPicture = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  deleted: Pick<ContentItemRow, 'kind' | 'data' | 'userId'>,
): Promise<void> => {
  if (deleted.kind !== 'social_post') return;
  const { image } = socialDataOf(deleted);
  if (!image?.owned || !image.storageKey) return;
  const [shared] = await deps.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.userId, deleted.userId),
        eq(contentItems.kind, 'social_post'),
        sql`${contentItems.data}->'image'->>'storageKey' = ${image.storageKey}`,
      ),
    )
    .limit(1);
  if (!shared) await deps.storage.delete(image.storageKey).catch(() => undefined);
};
