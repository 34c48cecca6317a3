import { LEADS_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { leads, lists } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { failStaleImports } from './import-jobs';
import { LIST_NOT_FOUND } from './rename-list';

/** Spec §7 delete_list: the list and its leads in one transaction; refused while a campaign or an import uses it. */
export const deleteList = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number },
): Promise<TMessageResponse> => {
  await failStaleImports(deps, userId);
  await deps.db.transaction(async (tx) => {
    const [list] = await tx
      .select({ status: lists.status })
      .from(lists)
      .where(and(eq(lists.id, input.id), eq(lists.userId, userId)))
      .for('update');
    if (!list) throw notFound(LIST_NOT_FOUND);
    if (list.status === 'in_campaign') throw conflict("Can't delete list: it is in a running campaign");
    if (list.status === 'importing')
      throw conflict("Can't delete list: it is still importing. Please wait until it finishes.");
    await tx.delete(leads).where(eq(leads.listId, input.id));
    await tx.delete(lists).where(eq(lists.id, input.id));
  });
  return { message: LEADS_MESSAGES.listDeleted };
};
