import { BLOG_MESSAGES, type TBlogResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-database';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { blogPostOf } from './blog-view';
import { findOwnItem } from './find-blog';

/** The caller's post, ready to change: another user's is a 404, one being written (or failed) a 409. */
export const findReadyBlog = async (db: DbOrTx, userId: string, id: number): Promise<ContentItemRow> => {
  const row = await findOwnItem(db, userId, id, 'blog');
  if (row.status !== 'ready') throw conflict(BLOG_MESSAGES.notReady);
  return row;
};

/**
 * Saves fields of the caller's post only while it is still theirs and ready (a deletion or a new run
 * between the read and this write changes nothing: 404), and answers the saved post.
 */
export const saveReadyBlog = async (
  db: DbOrTx,
  userId: string,
  id: number,
  set: PgUpdateSetSource<typeof contentItems>,
): Promise<TBlogResponse> => {
  const [saved] = await db
    .update(contentItems)
    .set(set)
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.status, 'ready')))
    .returning();
  if (!saved) throw notFound(BLOG_MESSAGES.blogNotFound);
  return { blog: blogPostOf(saved) };
};
