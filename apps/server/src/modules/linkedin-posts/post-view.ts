import type { TLinkedinPost } from '@sales-assist/contract';
import type { ContentItemRow } from '../../db/schema';
import { hashtagsIn, hookOf, type LinkedinPostData } from './compose-post';

const STATUSES = new Set(['draft', 'scheduled', 'published']);

export const postView = (row: ContentItemRow): TLinkedinPost => {
  const data = row.data as Partial<LinkedinPostData>;
  const source = data.source;
  return {
    id: row.id,
    text: row.body,
    hook: typeof data.hook === 'string' ? data.hook : hookOf(row.body),
    hashtags: Array.isArray(data.hashtags) ? data.hashtags : hashtagsIn(row.body),
    characters: row.body.length,
    status: data.status && STATUSES.has(data.status) ? data.status : 'draft',
    writer: row.writer,
    model: row.writer === 'llm' ? row.model : null,
    source: source
      ? { type: source.type, label: source.label, id: source.id ?? row.sourceId }
      : { type: 'topic', label: row.title, id: null },
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};
