import { LEADS_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { campaigns, leads, lists } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { failStaleImports } from './import-jobs';
import { LIST_NOT_FOUND } from './rename-list';

/**
 * Why a list in a campaign cannot go, naming the campaign and what the user can do about it: delete the
 * campaign (a running one is paused first), or let it end.
 */
const heldByCampaign = async (tx: DbOrTx, userId: string, listId: number): Promise<string> => {
  const [holder] = await tx
    .select({ name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.listId, listId),
        eq(campaigns.userId, userId),
        inArray(campaigns.status, ['draft', 'running', 'paused']),
      ),
    )
    .orderBy(desc(campaigns.createdAt))
    .limit(1);
  if (!holder) return "Can't delete list: it is in a running campaign";
  const named = `Can't delete list: the campaign "${holder.name}"`;
  if (holder.status === 'draft')
    return `${named} (Draft) uses it. Delete the campaign from Outreach → Campaigns first, then the list.`;
  if (holder.status === 'paused')
    return `${named} (Campaign Paused) uses it. Delete the campaign from Outreach → Campaigns first (its activity history is kept), then the list.`;
  return `${named} (On Going) uses it. Pause and delete the campaign from Outreach → Campaigns, or wait until it has finished.`;
};

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
    if (list.status === 'in_campaign') throw conflict(await heldByCampaign(tx, userId, input.id));
    if (list.status === 'importing')
      throw conflict("Can't delete list: it is still importing. Please wait until it finishes.");
    await tx.delete(leads).where(eq(leads.listId, input.id));
    await tx.delete(lists).where(eq(lists.id, input.id));
  });
  return { message: LEADS_MESSAGES.listDeleted };
};
