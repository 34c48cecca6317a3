import { LINKEDIN_POST_MAX, LINKEDIN_POST_MESSAGES, type TLinkedinPost } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { hashtagsIn, hookOf, titleOf } from './compose-post';
import { postView } from './post-view';

/**
 * Saves the person's edit of a post: the text is the post; its hook (title) and hashtags are read
 * back from it, so History and the calendar show what will be published.
 */
export const updatePost = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
  input: { text: string },
): Promise<TLinkedinPost> => {
  const text = input.text.replace(/\r\n/g, '\n');
  // The contract says so too; counted again after the line endings are made one character each.
  if (text.length > LINKEDIN_POST_MAX)
    throw new AppError(400, 'validation_error', LINKEDIN_POST_MESSAGES.tooLong);
  const hook = hookOf(text);
  const [row] = await deps.db
    .update(contentItems)
    .set({
      body: text,
      title: titleOf(hook),
      data: sql`${contentItems.data} || ${JSON.stringify({ hook, hashtags: hashtagsIn(text) })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(contentItems.id, id),
        eq(contentItems.userId, userId),
        eq(contentItems.kind, 'linkedin_post'),
        eq(contentItems.status, 'ready'),
      ),
    )
    .returning();
  if (!row) throw notFound(LINKEDIN_POST_MESSAGES.postNotFound);
  return postView(row);
};
