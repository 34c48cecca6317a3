import type { ContentItemRow } from '../../db/schema';
import { checkLength, lengthNote } from '../../lib/writers/content-writer/guards/length';
import { BLOG_LENGTH_WORDS } from '../../lib/writers/content-writer/types';
import { wordCountOf } from './blog-html';

/**
 * What a reader should check before publishing a post a model wrote. Worked out from the post as it is
 * now, not stored: the writer has already fitted the length once (llm-blog-post.ts), so a post still far
 * from the length asked needs its author; once the author edits it within range, the note goes.
 * An offline draft is an outline to complete and carries its own label instead.
 */
export const blogReviewOf = (
  row: Pick<ContentItemRow, 'status' | 'writer' | 'body'>,
  data: { length: keyof typeof BLOG_LENGTH_WORDS },
): string[] => {
  if (row.status !== 'ready' || row.writer !== 'llm') return [];
  const length = checkLength(wordCountOf(row.body), BLOG_LENGTH_WORDS[data.length]);
  return length.off ? [lengthNote(length)] : [];
};
