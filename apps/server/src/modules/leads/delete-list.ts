import { LEADS_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { campaigns, leads, lists } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { failStaleImports } from './import-jobs';
import { LIST_NOT_FOUND } from './rename-list';

/**
 * Why a list in a campaign cannot go, naming the campaign and what the user can do about it. The product
 * has no way to delete a campaign, so the way out is the campaign ending: a Draft once launched, a
 * paused one once resumed.
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
    return `${named} (Draft) uses it. Campaigns cannot be deleted: launch it from Outreach → Campaigns, and the list can be deleted once the campaign has finished.`;
  if (holder.status === 'paused')
    return `${named} (Campaign Paused) uses it. Resume it from Outreach → Campaigns; the list can be deleted once the campaign has finished.`;
  return `${named} (On Going) uses it. The list can be deleted once the campaign has finished.`;
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
