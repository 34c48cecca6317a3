import type { THistoryResponse } from '@sales-assist/contract';
import { and, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems, prompts } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../http/page-cursor';
import { NEWEST_FIRST } from '../content/newest-first';
import { historyColumns } from './history-columns';
import { historyView } from './history-view';

/** `%`, `_` and `\` in what the person typed are letters, not patterns. */
const likeContaining = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A page of everything the caller generated, newest first. Keyset paging on the
 * (user_id, created_at desc, id desc) index, or (user_id, kind, …) with a kind filter: each page reads
 * only its own rows. A title search reads the trigram index (content_items_title_trgm_idx).
 */
export const listHistory = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: { kind?: (typeof contentItems.$inferSelect)['kind']; q?: string; cursor?: string; limit: number },
): Promise<THistoryResponse> => {
  const conditions: SQL[] = [eq(contentItems.userId, userId)];
  if (query.kind) conditions.push(eq(contentItems.kind, query.kind));
  if (query.q) conditions.push(ilike(contentItems.title, likeContaining(query.q)));
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      sql`(${contentItems.createdAt}, ${contentItems.id}) < (${after.createdAt}::timestamptz, ${after.id})`,
    );
  }
  // One row more than asked says whether another page follows, without counting.
  const rows = await deps.db
    .select(historyColumns)
    .from(contentItems)
    .leftJoin(prompts, eq(prompts.id, contentItems.promptId))
    .where(and(...conditions))
    .orderBy(...NEWEST_FIRST)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(historyView),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
};
