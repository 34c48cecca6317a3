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
  /** The source's title, so History says what an item was made from (null once the source is deleted). */
  sourceTitle: sql<
    string | null
  >`(select source.title from ${contentItems} as source where source.id = ${contentItems.sourceId} and source.user_id = ${contentItems.userId})`,
  bodyStart: sql<string>`left(${contentItems.body}, ${sql.raw(String(BODY_START_CHARS))})`,
  promptName: prompts.name,
  createdAtText: sql<string>`${contentItems.createdAt}::text`,
  createdAt: contentItems.createdAt,
};
