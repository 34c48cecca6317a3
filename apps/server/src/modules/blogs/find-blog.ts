import { BLOG_MESSAGES } from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import type { ContentItemRow, ContentKind } from '../../db/schema';
import { findOwnContentItem } from '../content/find-own-item';

/** The user's item of this kind; anyone else's (or none) is a 404, never a hint that it exists. */
export const findOwnItem = (
  db: DbOrTx,
  userId: string,
  id: number,
  kind: Extract<ContentKind, 'blog' | 'blog_topic'>,
): Promise<ContentItemRow> =>
  findOwnContentItem(
    db,
    userId,
    id,
    kind,
    kind === 'blog' ? BLOG_MESSAGES.blogNotFound : BLOG_MESSAGES.topicNotFound,
  );
