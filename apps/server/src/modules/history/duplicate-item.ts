import { HISTORY_MESSAGES, type THistoryItem } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems, prompts } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { AppError, notFound } from '../../http/errors';
import { historyColumns } from './history-columns';
import { historyView } from './history-view';

const TITLE_MAX = 300;

/**
 * A copy of one of the caller's finished items, pointing back to it (source_id). It keeps who wrote
 * the text (writer, model, prompt) but no tokens: copying generated nothing, and counts against no
 * plan limit. A LinkedIn post's copy is a draft again, whatever the original's publishing status.
 */
export const duplicateItem = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ message: string; item: THistoryItem }> => {
  const [original] = await deps.db
    .select({ status: contentItems.status })
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId)));
  if (!original) throw notFound(HISTORY_MESSAGES.itemNotFound);
  if (original.status !== 'ready') throw new AppError(409, 'conflict', HISTORY_MESSAGES.notReady);

  const inserted = await deps.db.execute(sql`
    insert into ${contentItems} (user_id, kind, status, progress, title, body, data, writer, model,
      prompt_id, prompt_version, source_id, input_ids)
    select user_id, kind, 'ready', 100,
      left(case when title = '' then '' else title || ' (copy)' end, ${TITLE_MAX}),
      body,
      case when kind = 'linkedin_post' then data || '{"status":"draft"}'::jsonb else data end,
      writer, model, prompt_id, prompt_version, id, input_ids
    from ${contentItems}
    where id = ${id} and user_id = ${userId} and status = 'ready'
    returning id`);
  const copyId = Number(rowsOf<{ id: number | string }>(inserted)[0]?.id);
  // Deleted between the two statements: as if it had never been there.
  if (!copyId) throw notFound(HISTORY_MESSAGES.itemNotFound);
  const [row] = await deps.db
    .select(historyColumns)
    .from(contentItems)
    .leftJoin(prompts, eq(prompts.id, contentItems.promptId))
    .where(eq(contentItems.id, copyId));
  if (!row) throw notFound(HISTORY_MESSAGES.itemNotFound);
  return { message: HISTORY_MESSAGES.duplicated, item: historyView(row) };
};
