import {
  hashtagsOfText,
  SOCIAL_MESSAGES,
  socialTextProblem,
  type TSocialPostResponse,
  ZUpdateSocialPostRequest,
} from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { AppError, conflict } from '../../http/errors';
import { tidyText } from '../../lib/writers/message-writer/shorten-text';
import { findSocialPost } from './find-social-post';
import { socialDataOf } from './social-data';
import { socialPostView } from './social-view';
import { themeNamesOf } from './themes';

/**
 * Saves the user's edit of a post's text, checked against its network (too long, too many hashtags:
 * 400 saying the limit). Never cut: the user decides what goes. The picture is left as it is.
 */
export const updateSocialPost = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  id: number,
  body: { text: string },
): Promise<TSocialPostResponse> => {
  const { text: raw } = ZUpdateSocialPostRequest.parse(body);
  const row = await findSocialPost(deps.db, userId, id);
  if (row.status !== 'ready') throw conflict(SOCIAL_MESSAGES.stillWriting);
  const data = socialDataOf(row);
  const text = tidyText(raw);
  const problem = socialTextProblem(data.network, text);
  if (problem) throw new AppError(400, 'validation_error', problem);
  const [saved] = await deps.db
    .update(contentItems)
    .set({
      body: text,
      data: sql`${contentItems.data} || ${JSON.stringify({ hashtags: hashtagsOfText(text) })}::jsonb`,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId)))
    .returning();
  if (!saved) throw conflict(SOCIAL_MESSAGES.postNotFound);
  return { post: socialPostView(saved, await themeNamesOf(deps.db, [data.themeId])) };
};
