import type { TLeadLabel, TThreadDetail } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaignLeads, conversations } from '../../db/schema';
import { findThread, threadDetailOf } from './thread-view';

/** Puts a label on the thread's lead (null takes it off); analytics counts the labels per campaign. */
export const labelThreadLead = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  threadId: number,
  label: TLeadLabel | null,
): Promise<TThreadDetail> => {
  const thread = await findThread(deps, userId, threadId);
  await deps.db
    .update(campaignLeads)
    .set({ label, labelledAt: label ? deps.clock.now() : null })
    .where(and(eq(campaignLeads.id, thread.campaignLeadId), eq(campaignLeads.userId, userId)));
  return threadDetailOf(deps, { ...thread, label });
};

/** Marks the thread's messages as read (opened in the inbox). */
export const markThreadRead = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  threadId: number,
): Promise<TThreadDetail> => {
  const thread = await findThread(deps, userId, threadId);
  await deps.db
    .update(conversations)
    .set({ unreadCount: 0 })
    .where(and(eq(conversations.id, threadId), eq(conversations.userId, userId)));
  return threadDetailOf(deps, { ...thread, unreadCount: 0 });
};
