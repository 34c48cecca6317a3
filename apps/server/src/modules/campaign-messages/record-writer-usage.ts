import type { DbOrTx } from '../../db/open-database';
import { recordAiUsage } from '../../lib/clients/ai';
import type { WriterRun } from '../../lib/writers/message-writer/types';

/** What the message writer was asked for, as ai_usage.purpose. */
export type MessagePurpose = 'campaign_messages' | 'campaign_comment' | 'chat_follow_up';

/**
 * A writer run that keeps each model request's tokens in ai_usage for the campaign's owner (background
 * work counts against the plan's allowance but is never refused mid-campaign). `settle` waits for the
 * rows written so far, so a job's batch is accounted for before it is saved.
 */
export const usageRecordingRun = (
  db: DbOrTx,
  owner: { userId: string; campaignId: number; purpose: MessagePurpose },
): { run: WriterRun; settle: () => Promise<void> } => {
  const writes: Promise<void>[] = [];
  return {
    run: {
      campaignId: owner.campaignId,
      fallbackWarned: false,
      onUsage: (usage, model) => {
        writes.push(
          recordAiUsage(db, { userId: owner.userId, itemId: null, purpose: owner.purpose, model, usage }),
        );
      },
    },
    settle: async () => {
      await Promise.all(writes.splice(0));
    },
  };
};
