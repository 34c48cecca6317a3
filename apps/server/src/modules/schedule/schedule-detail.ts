import type { TScheduleDetailResponse } from '@sales-assist/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems, publishAttempts } from '../../db/schema';
import { plainTextOf } from '../linkedin-posts/resolve-source';
import { socialDataOf } from '../socials/social-data';
import { findOwnScheduledPost } from './find-own-scheduled-post';
import { scheduleItemView } from './schedule-view';

/**
 * One calendar item opened: what goes out (plain text: a blog's HTML is flattened, paragraphs kept, so the
 * dialog never renders stored HTML), whether a picture goes with it, and every attempt of the audit log.
 */
export const scheduleDetail = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<TScheduleDetailResponse> => {
  const row = await findOwnScheduledPost(deps.db, userId, id);
  const [[content], attempts] = await Promise.all([
    deps.db
      .select({ body: contentItems.body, data: contentItems.data })
      .from(contentItems)
      .where(eq(contentItems.id, row.post.contentItemId)),
    deps.db
      .select()
      .from(publishAttempts)
      .where(eq(publishAttempts.scheduledPostId, row.post.id))
      .orderBy(asc(publishAttempts.number)),
  ]);
  const body = content?.body ?? '';
  const picture =
    row.kind === 'social_post' && content !== undefined
      ? socialDataOf(content).image?.status === 'ready' && Boolean(socialDataOf(content).image.storageKey)
      : false;
  return {
    data: {
      ...scheduleItemView(row),
      body: row.kind === 'blog' ? plainTextOf(body) : body,
      picture,
    },
    attempts: attempts.map((attempt) => ({
      number: attempt.number,
      action: attempt.action,
      started_at: attempt.startedAt.toISOString(),
      finished_at: attempt.finishedAt?.toISOString() ?? null,
      outcome: attempt.outcome,
      error_kind: attempt.errorKind,
      message: attempt.message,
    })),
  };
};
