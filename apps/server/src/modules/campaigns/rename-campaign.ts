import { CAMPAIGN_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaigns } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Spec §7 rename_campaign (names need not be unique: the list shows each with its time stamp). */
export const renameCampaign = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number; name: string },
): Promise<TMessageResponse> => {
  const [renamed] = await deps.db
    .update(campaigns)
    .set({ name: input.name, updatedAt: deps.clock.now() })
    .where(and(eq(campaigns.id, input.id), eq(campaigns.userId, userId)))
    .returning({ id: campaigns.id });
  if (!renamed) throw notFound(CAMPAIGN_MESSAGES.campaignNotFound);
  return { message: CAMPAIGN_MESSAGES.renamed };
};
