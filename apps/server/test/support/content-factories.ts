import { type ContentItemRow, contentItems } from '../../src/db/schema';
import type { Harness } from './harness';

type NewItem = Partial<Omit<ContentItemRow, 'id' | 'userId'>>;

/** Content items written straight to the table, as a generation would have saved them. */
export const seedContentItem = async (
  h: Harness,
  userId: string,
  item: NewItem = {},
): Promise<ContentItemRow> => {
  const [row] = await h.deps.db
    .insert(contentItems)
    .values({ kind: 'blog', title: 'A post', body: '<p>Text</p>', writer: 'offline', ...item, userId })
    .returning();
  if (!row) throw new Error('seedContentItem: insert returned nothing');
  return row;
};
