import { sql } from 'drizzle-orm';
import { contentItems, prompts } from '../../db/schema';

/** Enough of the body for an excerpt, read in the database so a long blog post never leaves it whole. */
const BODY_START_CHARS = 1200;

/** The columns History shows, with the prompt's name (content_items left join prompts). */
export const historyColumns = {
  id: contentItems.id,
  kind: contentItems.kind,
  status: contentItems.status,
  title: contentItems.title,
  writer: contentItems.writer,
  model: contentItems.model,
  promptId: contentItems.promptId,
  promptVersion: contentItems.promptVersion,
  sourceId: contentItems.sourceId,
  bodyStart: sql<string>`left(${contentItems.body}, ${sql.raw(String(BODY_START_CHARS))})`,
  promptName: prompts.name,
  createdAtText: sql<string>`${contentItems.createdAt}::text`,
  createdAt: contentItems.createdAt,
};

/**
 * Newest first, written as the indexes are built (created_at DESC NULLS LAST, id DESC NULLS LAST): a
 * plain DESC means NULLS FIRST in PostgreSQL, which those indexes cannot give in order, and the
 * planner then sorts every item of the user (the columns are never null, so the order is the same).
 */
export const NEWEST_FIRST = [
  sql`${contentItems.createdAt} desc nulls last`,
  sql`${contentItems.id} desc nulls last`,
] as const;
