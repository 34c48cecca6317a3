import type { THistoryItem } from '@sales-assist/contract';
import type { ContentItemRow } from '../../db/schema';
import { excerptOf } from '../content/content-excerpt';

/** A post's text starts with its hook, which is its title already: the excerpt shows what follows. */
const withoutTitle = (body: string, title: string): string => {
  const start = body.trimStart();
  return title && start.startsWith(title) ? start.slice(title.length) : body;
};

export type HistoryRow = Pick<
  ContentItemRow,
  'id' | 'kind' | 'status' | 'title' | 'writer' | 'model' | 'promptId' | 'promptVersion' | 'sourceId'
> & {
  /** The start of the body only: enough for the excerpt, whatever the body's length. */
  bodyStart: string;
  promptName: string | null;
  sourceTitle: string | null;
  /** created_at as PostgreSQL prints it (for the cursor) and as an instant. */
  createdAtText: string;
  createdAt: Date;
};

export const historyView = (row: HistoryRow): THistoryItem => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  title: row.title,
  excerpt: excerptOf(withoutTitle(row.bodyStart, row.title)),
  writer: row.writer,
  model: row.writer === 'llm' ? row.model : null,
  prompt:
    row.promptId !== null && row.promptName !== null
      ? { id: row.promptId, name: row.promptName, version: row.promptVersion }
      : null,
  source_id: row.sourceId,
  source_title: row.sourceTitle,
  created_at: row.createdAt.toISOString(),
});
