import type { TCampaignLeadCountResponse } from '@sales-assist/contract';
import { count, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { leads } from '../../db/schema';
import { findOwnList } from '../leads/find-list';
import { campaignLeadCondition, exclusionsOf } from './lead-exclusions';

/** Step 2's "{n} leads selected": the leads of the caller's list a campaign would take. */
export const campaignLeadCount = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { list_id: number; connection_degree: number; isProfilePic: number },
): Promise<TCampaignLeadCountResponse> => {
  const list = await findOwnList(deps.db, userId, input.list_id);
  const [row] = await deps.db
    .select({ leads: count() })
    .from(leads)
    .where(sql`${leads.userId} = ${userId} AND ${campaignLeadCondition(list.id, exclusionsOf(input))}`);
  return { leads: row?.leads ?? 0, total: list.leadCount };
};
