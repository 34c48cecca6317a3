import type { TSearchCampaignsResponse } from '@sales-assist/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaigns } from '../../db/schema';
import { campaignView } from './campaign-view';
import { endedEarlyColumns } from './ended-early';

export const SEARCH_CAMPAIGNS_MAX = 50;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Spec §7 search_campaigns: names holding the text in any letter case, newest first (answered as `lists`). */
export const searchCampaigns = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { query: string },
): Promise<TSearchCampaignsResponse> => {
  const pattern = `%${escapeLike(input.query.toLowerCase())}%`;
  const rows = await deps.db
    .select({ campaign: campaigns, ...endedEarlyColumns })
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), sql`lower(${campaigns.name}) LIKE ${pattern}`))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(SEARCH_CAMPAIGNS_MAX);
  return { lists: rows.map(({ campaign, ...endedEarly }) => campaignView(campaign, endedEarly)) };
};
