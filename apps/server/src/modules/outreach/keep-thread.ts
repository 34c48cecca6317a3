import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { conversationMessages, conversations, type MessageOrigin } from '../../db/schema';
import type { LinkedInMessage } from '../../lib/clients/linkedin-gateway';

/** Whose thread it is: the campaign lead it is with, its owner and the account it was read through. */
export type ThreadOwner = { userId: string; accountId: string; campaignLeadId: number };

/**
 * Keeps a thread as LinkedIn answered it, for the Engagement inbox: each message once by its URN (reading
 * a thread again adds only what is new), the thread's last message, and the lead's new messages counted
 * as unread. Called wherever a thread is read already (the engine's follow-ups and reply checks, the
 * inbox's refresh and replies), so the inbox costs no LinkedIn call of its own. `originOf` says how each
 * of our own messages was sent. Answers the thread's id, or null for a thread with no message yet.
 */
export const keepThread = async (
  db: Db,
  owner: ThreadOwner,
  messages: LinkedInMessage[],
  options: { originOf: (message: LinkedInMessage) => MessageOrigin; refreshedAt?: Date },
): Promise<number | null> => {
  const last = messages.at(-1);
  if (!last) return null;
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(conversations)
      .values({
        userId: owner.userId,
        accountId: owner.accountId,
        campaignLeadId: owner.campaignLeadId,
        conversationUrn: last.conversationUrn,
        lastMessageAt: last.sentAt,
        lastMessageText: last.text,
        lastMessageFrom: last.from,
      })
      .onConflictDoUpdate({
        target: conversations.campaignLeadId,
        set: { accountId: owner.accountId, conversationUrn: last.conversationUrn },
      })
      .returning({ id: conversations.id });
    if (!thread) throw new Error('the thread was not kept');
    const added = await tx
      .insert(conversationMessages)
      .values(
        messages.map((message) => ({
          conversationId: thread.id,
          urn: message.urn,
          sender: message.from,
          origin: message.from === 'them' ? ('linkedin' as const) : options.originOf(message),
          text: message.text,
          sentAt: message.sentAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ sender: conversationMessages.sender });
    const unread = added.filter((message) => message.sender === 'them').length;
    const [newest] = await tx
      .select({
        sentAt: conversationMessages.sentAt,
        text: conversationMessages.text,
        sender: conversationMessages.sender,
      })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, thread.id))
      .orderBy(desc(conversationMessages.sentAt), desc(conversationMessages.id))
      .limit(1);
    await tx
      .update(conversations)
      .set({
        ...(newest
          ? { lastMessageAt: newest.sentAt, lastMessageText: newest.text, lastMessageFrom: newest.sender }
          : {}),
        unreadCount: sql`${conversations.unreadCount} + ${unread}`,
        ...(options.refreshedAt ? { refreshedAt: options.refreshedAt } : {}),
      })
      .where(eq(conversations.id, thread.id));
    return thread.id;
  });
};
