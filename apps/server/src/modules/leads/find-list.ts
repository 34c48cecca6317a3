import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ListRow, lists } from '../../db/schema';
import { notFound } from '../../http/errors';
import { LIST_NOT_FOUND } from './rename-list';

/** The caller's list, or 404 (another user's list is answered exactly like a missing one). */
export const findOwnList = async (db: DbOrTx, userId: string, id: number): Promise<ListRow> => {
  const [list] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.id, id), eq(lists.userId, userId)));
  if (!list) throw notFound(LIST_NOT_FOUND);
  return list;
};
