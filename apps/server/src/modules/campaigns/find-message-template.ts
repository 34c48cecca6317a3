import { CAMPAIGN_MESSAGES, type TOwnMessageTemplate } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type MessageTemplateRow, messageTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';

export const ownTemplateView = (row: MessageTemplateRow): TOwnMessageTemplate => ({
  id: row.id,
  name: row.name,
  text: row.text,
  created_at: row.createdAt.toISOString(),
});

/** The caller's template, or 404 (another user's template is answered exactly like a missing one). */
export const findOwnTemplate = async (
  db: DbOrTx,
  userId: string,
  id: number,
): Promise<MessageTemplateRow> => {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.userId, userId)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.templateNotFound);
  return row;
};

/** The caller's template of that name, in any letter case (names are unique per user that way). */
export const findOwnTemplateByName = async (
  db: DbOrTx,
  userId: string,
  name: string,
): Promise<MessageTemplateRow | null> => {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.userId, userId),
        sql`lower(${messageTemplates.name}) = ${name.trim().toLowerCase()}`,
      ),
    );
  return row ?? null;
};
