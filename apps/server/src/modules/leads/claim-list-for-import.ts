import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ListRow, type ListState, lists } from '../../db/schema';
import { conflict } from '../../http/errors';

export type ClaimedList = { list: ListRow; created: boolean; statusBefore: ListState };

/**
 * The list an import fills, by name: the caller's list of that name (any letter case) or a new one,
 * marked "Importing..." until the import ends. Run inside the transaction that records the import.
 */
export const claimListForImport = async (
  tx: DbOrTx,
  userId: string,
  listName: string,
  now: Date,
): Promise<ClaimedList> => {
  const [existing] = await tx
    .select()
    .from(lists)
    .where(and(eq(lists.userId, userId), sql`lower(${lists.name}) = lower(${listName})`))
    .for('update');
  if (existing?.status === 'importing') {
    throw conflict('This list is still importing. Please wait until it finishes.');
  }
  const [list] = existing
    ? await tx
        .update(lists)
        .set({ status: 'importing', updatedAt: now })
        .where(eq(lists.id, existing.id))
        .returning()
    : await tx
        .insert(lists)
        .values({ userId, name: listName, status: 'importing', createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
  if (!list) throw conflict('A list of this name was created just now. Please try again.');
  return { list, created: !existing, statusBefore: existing?.status ?? 'ready' };
};
